import { namedWith } from '../../server/tenants/deletion.ts';
import { describe, expect, it } from 'vitest';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';
import { DAY } from '../support/fleet-fixtures.ts';
import { cdmxTime } from '../../server/lib/human-text.ts';

describe('dashboard actions: the control API operations behind forms', () => {
  const { w, f, act, get } = useDashboardWorld();

  describe('worlds', () => {
    it('when a world is created from the form, then it exists, the answer shows its working key once, and the lists are told to reload', async () => {
      const res = await act('post', '/worlds', { name: 'Flota <Nueva>', status: 'active' });

      expect(res.status).toBe(200);
      expect(res.headers['hx-trigger']).toBe('mundo-cambiado');
      expect(res.text).toContain('Mundo «Flota &lt;Nueva&gt;» creado (active).');
      const key = /data-copy="(fk_test_[^"]+)"/.exec(res.text)![1];
      const me = await w.request.get('/v1/me').set('Authorization', `Bearer ${key}`).expect(200);
      expect(me.body).toMatchObject({ tenantName: 'Flota <Nueva>' });
      expect(w.tenants.store.getTenant(me.body.tenantId)!.status).toBe('active');
    });

    it('when a world is created, then the page\'s last other line goes (out of band); when one is deleted, the created world\'s box goes', async () => {
      const created = await act('post', '/worlds', { name: 'Flota Caja' });
      const id = /data-copy="([0-9a-f-]{36})"/.exec(created.text)![1];

      const deleted = await act('delete', `/worlds/${id}`);

      expect(created.text).toContain('<div id="resultado" class="resultado" role="status" aria-live="polite" hx-swap-oob="true"></div>');
      expect(deleted.text).toContain('<div id="creado" hx-swap-oob="innerHTML"></div>');
    });

    it.each([
      [{}, 'name es obligatorio'],
      [{ name: '   ' }, 'name es obligatorio'],
      [{ name: 'X', status: 'archived' }, 'status debe ser active o pending'],
      [{ name: 'x'.repeat(201) }, 'name admite hasta 200 caracteres'],
    ])('when the form is %j, then 400 VALIDATION with the control API message and no world', async (form, message) => {
      const before = w.tenants.store.listTenants().length;

      expectAlert(await act('post', '/worlds', form), 400, 'VALIDATION', message);
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it.each([
      ['a byte that is no UTF-8 (%FF)', 'name=%FFq'],
      ['a lone surrogate\'s bytes', 'name=%ED%A0%80zz'],
      ['a % not followed by two hex digits', 'name=Flota+100%'],
    ])('when the form\'s name holds %s, then 400 VALIDATION says the form is not UTF-8, and no world is named with the raw text', async (_what, form) => {
      const before = w.tenants.store.listTenants().length;

      expectAlert(await act('post', '/worlds', form), 400, 'VALIDATION', 'El formulario trae un valor que no es UTF-8 válido');
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when the form\'s name holds escaped accents, a + and an escaped %, then the world is named with them decoded (the boundary of the rule above)', async () => {
      const res = await act('post', '/worlds', 'name=Flota+Pe%C3%B1%C3%B3n+100%25');

      expect(res.text).toContain('Mundo «Flota Peñón 100%» creado (active).');
    });

    it('when the form says it is in ISO-8859-1, then its escapes are read in that charset (Pe%F1a is Peña), not refused as UTF-8', async () => {
      const res = await w.request.post('/dashboard/worlds').set('HX-Request', 'true')
        .set('Content-Type', 'application/x-www-form-urlencoded; charset=iso-8859-1').send('name=Flota+Pe%F1a');

      expect(res.text).toContain('Mundo «Flota Peña» creado (active).');
    });

    it('when the form asks for a fixture, then the world is made populated by the same services (platforms synced), and the answer says what it made', async () => {
      const form = 'name=Flota+Poblada&vehicles=2&drivers=2&rideDays=2&registeredOn=platform_a&registeredOn=platform_b&boundOn=platform_a&assigned=true';
      const res = await act('post', '/worlds', form);

      expect(res.status).toBe(200);
      expect(res.text).toContain('Mundo «Flota Poblada» creado (active), poblado con 2 vehículos, 2 conductores, 2 asignaciones y 2 días de viajes.');
      const auth = { Authorization: `Bearer ${/data-copy="(fk_test_[^"]+)"/.exec(res.text)![1]}` };
      const vehicles = (await w.request.get('/v1/vehicles').set(auth).expect(200)).body.data;
      expect(vehicles).toHaveLength(2);
      const assignments = (await w.request.get('/v1/assignments').set(auth).expect(200)).body.data;
      expect(assignments.map((a: { platformSync: string }) => a.platformSync)).toEqual(['synced', 'synced']);
      const rides = (await w.request.get('/v1/rides?platform=platform_b').set(auth).expect(200)).body.data;
      expect(rides.length).toBeGreaterThan(0);
    });

    it('when one fixture field is filled in, then only that part is asked for (one vehicle, on no platform)', async () => {
      const res = await act('post', '/worlds', { name: 'Un vehículo', vehicles: '1' });

      expect(res.text).toContain('Mundo «Un vehículo» creado (active), poblado con 1 vehículo, 0 conductores y 0 asignaciones.');
    });

    it.each([
      [{ vehicles: 'dos' }, 'fixture.vehicles debe ser un número entero'],
      [{ vehicles: '1.5' }, 'fixture.vehicles debe ser un número entero'],
      [{ vehicles: '-1' }, 'fixture.vehicles no puede ser negativo'],
      [{ drivers: '501' }, 'fixture.drivers admite como máximo 500'],
      [{ rideDays: '3' }, 'rideDays necesita vehículos en alguna plataforma'],
      [{ drivers: '1', assigned: 'true' }, 'assigned necesita al menos tantos vehículos como conductores'],
    ])('when the fixture fields are %j, then 400 VALIDATION with the control API message and no world', async (fixture, message) => {
      const before = w.tenants.store.listTenants().length;

      expectAlert(await act('post', '/worlds', { name: 'Mal poblado', ...fixture }), 400, 'VALIDATION', message);
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when registeredOn names no platform of the testbed, then 400 VALIDATION and no world', async () => {
      const before = w.tenants.store.listTenants().length;

      const res = await act('post', '/worlds', 'name=X&vehicles=1&registeredOn=platform_c');

      expect(res.status).toBe(400);
      expect(res.text).toContain('VALIDATION');
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when the worlds page is read, then the create form has the fixture fields folded', async () => {
      const page = (await get('/')).text;

      const card = page.slice(page.indexOf('<section class="tarjeta" aria-labelledby="t-crear">'));
      const section = card.slice(0, card.indexOf('</section>'));
      expect(section).toMatch(/<details class="poblar"><summary>Poblar el mundo \(fixture\)/);
      // Counts as text: a number input holds "" for what it cannot read (5-), and the world was made empty.
      for (const field of ['Vehículos <input name="vehicles" type="text" inputmode="numeric"', '<input name="drivers" type="text" inputmode="numeric"',
        '<input name="rideDays" type="text" inputmode="numeric"',
        'name="registeredOn" value="platform_a"', 'name="registeredOn" value="platform_b"', 'name="boundOn" value="platform_a"', 'name="assigned" value="true"']) {
        expect(section).toContain(field);
      }
    });

    it('when the worlds page is read, then the reset\'s confirmation says how many worlds it deletes, read again as the page\'s lists are', async () => {
      const before = (await get('/')).text;
      w.newTenant('Uno más');
      const after = (await get('/reset-button')).text;

      const said = (page: string) => /hx-confirm="¿Restablecer todo el testbed al estado de un directorio de datos nuevo\? Se borran? (?:el mundo que hay|los (\d+) mundos que hay), con sus datos/.exec(page);
      const count = (page: string) => Number(said(page)?.[1] ?? 1);
      expect(said(after)).not.toBeNull();
      expect(count(after)).toBe(count(before) + 1);
      expect(before).toContain('hx-get="/dashboard/reset-button" hx-trigger="mundo-cambiado from:body" hx-swap="outerHTML"');
    });

    it('when the worlds page is read, then the create form answers beside its button (#creado, in the same card), not in the banner at the top', async () => {
      const page = (await get('/')).text;

      const card = page.slice(page.indexOf('<section class="tarjeta" aria-labelledby="t-crear">'));
      const section = card.slice(0, card.indexOf('</section>'));
      expect(section).toContain('hx-post="/dashboard/worlds" hx-target="#creado"');
      expect(section).toMatch(/<div id="creado" class="resultado" role="status" aria-live="polite" data-a-la-vista><\/div>/);
    });

    it('when the worlds are filtered by the start of a name, then only those show (case-sensitive, as the bulk delete), with a button that deletes them all', async () => {
      for (const name of ['escenario-a-1', 'escenario-a-2', 'Escenario-a-3', 'Flota escenario-a']) w.tenants.createTenant(name);

      const list = (await get('/worlds?name=escenario-a')).text;

      expect(list).toContain('escenario-a-1');
      expect(list).toContain('escenario-a-2');
      expect(list).not.toContain('Escenario-a-3');
      expect(list).not.toContain('Flota escenario-a');
      expect(list).toContain('hx-include="#filtro-mundos"');
      expect(list).toMatch(/hx-delete="\/dashboard\/worlds\?name=escenario-a&amp;count=2&amp;shown=[\w-]{16}"/);
      expect(list).toContain('Borrar los 2 mundos cuyo nombre empieza por «escenario-a»');
      expect((await get('/worlds?name=nadie')).text).toContain('Ningún mundo empieza por «nadie».');
      expect((await get('/worlds?name=%20%20')).text).toContain('Flota escenario-a');
    });

    it('when the worlds are filtered, then the address becomes the page\'s with the filter, and that address opens the page filtered', async () => {
      for (const name of ['direccion-a-1', 'otra-flota']) w.tenants.createTenant(name);

      expect((await get('/worlds?name=direccion-a').set('HX-Request', 'true')).headers['hx-replace-url']).toBe('/dashboard?name=direccion-a');
      expect((await get('/worlds?name=con%20espacio%26y').set('HX-Request', 'true')).headers['hx-replace-url']).toBe('/dashboard?name=con%20espacio%26y');
      expect((await get('/worlds?name=').set('HX-Request', 'true')).headers['hx-replace-url']).toBe('/dashboard');

      const page = (await get('/?name=direccion-a')).text;
      expect(page).toContain('<input name="name" type="search" value="direccion-a"');
      expect(page).toContain('direccion-a-1');
      expect(page).not.toContain('otra-flota');
      expect(page).toContain('<form id="filtro-mundos" role="search" action="/dashboard" method="get"');
      expect((await get('/')).text).toContain('otra-flota');
    });

    it('when the worlds of a name are deleted at once, then they and their data are gone and the others stay', async () => {
      const doomed = [w.newTenant('bulk-x-1'), w.newTenant('bulk-x-2')];
      await f.vehicle(doomed[0].auth);
      const kept = w.tenants.createTenant('Flota bulk-x');

      const res = await act('delete', '/worlds?name=bulk-x');

      expect(res.status).toBe(200);
      expect(res.headers['hx-trigger']).toBe('mundo-cambiado');
      expect(res.text).toContain('2 mundos borrados (su nombre empezaba por «bulk-x»)');
      expect(doomed.map((d) => w.tenants.store.getTenant(d.tenant.id))).toEqual([undefined, undefined]);
      expect(w.deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles WHERE tenant_id = ?').get(doomed[0].tenant.id)).toEqual({ n: 0 });
      expect(w.tenants.store.getTenant(kept.id)).toBeDefined();
    });

    it('when the worlds of a name are no longer the ones confirmed (one made since), then 409 says how many there are now and none is deleted', async () => {
      const shown = [w.newTenant('tarde-1'), w.newTenant('tarde-2')];
      const list = (await get('/worlds?name=tarde-')).text;
      w.newTenant('tarde-3');

      expectAlert(await act('delete', '/worlds?name=tarde-&count=2'), 409, 'CONFLICT', 'Nada borrado: ahora hay 3 mundos cuyo nombre empieza por «tarde-», no los 2 que confirmaste.');
      expect(namedWith(w.tenants.store.listTenants(), 'tarde-')).toHaveLength(3);
      const exact = await act('delete', '/worlds?name=tarde-&count=3');

      expect(list).toMatch(/hx-delete="\/dashboard\/worlds\?name=tarde-&amp;count=2&amp;shown=[\w-]{16}"/);
      expect(shown.map((d) => w.tenants.store.getTenant(d.tenant.id))).toEqual([undefined, undefined]);
      expect(exact.text).toContain('3 mundos borrados');
    });

    it('when as many worlds of that name are there as confirmed, but not the same ones (one deleted, another made), then 409 and none is deleted', async () => {
      const [gone, stays] = [w.newTenant('cambio-1'), w.newTenant('cambio-2')];
      const list = (await get('/worlds?name=cambio-')).text;
      const button = /hx-delete="([^"]+)"/.exec(list)![1].replaceAll('&amp;', '&').replace('/dashboard', '');
      await w.request.delete(`/_testbed/tenants/${gone.tenant.id}`).expect(200);
      const made = w.newTenant('cambio-3');

      expectAlert(await act('delete', button), 409, 'CONFLICT', 'Nada borrado: ahora hay 2 mundos cuyo nombre empieza por «cambio-», no los 2 que confirmaste (uno se borró y otro se creó).');
      expect([stays, made].map((t) => w.tenants.store.getTenant(t.tenant.id) !== undefined)).toEqual([true, true]);
    });

    it('when the bulk delete has no name, then 400 VALIDATION and no world is deleted', async () => {
      w.tenants.createTenant('Se queda');
      const before = w.tenants.store.listTenants().length;

      expectAlert(await act('delete', '/worlds'), 400, 'VALIDATION', 'name es obligatorio');
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when a pending world is approved, then it is active', async () => {
      const pending = w.tenants.createTenant('Pendiente', 'pending');

      const res = await act('post', `/worlds/${pending.id}/approve`);

      expect(res.status).toBe(200);
      expect(w.tenants.store.getTenant(pending.id)!.status).toBe('active');
    });

    it('when a pending world\'s own page is shown, then it can be approved from there, and its status, read again after the action, says active with no button', async () => {
      const pending = w.tenants.createTenant('Pendiente Aquí', 'pending');
      const button = `<button class="secundario" hx-post="/dashboard/worlds/${pending.id}/approve" hx-target="#resultado">Aprobar el mundo</button>`;

      const page = (await get(`/worlds/${pending.id}`).expect(200)).text;
      await act('post', `/worlds/${pending.id}/approve`).expect(200);
      const status = (await get(`/worlds/${pending.id}/status`).expect(200)).text;

      expect(page).toContain(button);
      expect(page).toContain(`<span id="estado-mundo" hx-get="/dashboard/worlds/${pending.id}/status" hx-trigger="mundo-cambiado from:body" hx-swap="outerHTML">`);
      expect(status).toContain('active');
      expect(status).not.toContain('Aprobar el mundo');
    });

    it('when a new key is asked for on a world\'s page, then the answer shows its secret once, and it works on that world alone', async () => {
      const { tenant } = w.newTenant('Sin su clave');
      const other = w.newTenant('Otra');
      const page = (await get(`/worlds/${tenant.id}`).expect(200)).text;

      const res = await act('post', `/worlds/${tenant.id}/keys`);

      expect(page).toContain(`hx-post="/dashboard/worlds/${tenant.id}/keys" hx-target="#clave-nueva"`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Clave nueva del mundo «Sin su clave» (test, los seis permisos).');
      const key = /data-copy="(fk_test_[^"]+)"/.exec(res.text)![1];
      const me = await w.request.get('/v1/me').set('Authorization', `Bearer ${key}`).expect(200);
      expect(me.body).toMatchObject({ tenantId: tenant.id, tenantName: 'Sin su clave' });
      expect(w.tenants.listKeys(other.tenant.id)).toHaveLength(1);
    });

    it('when a new key is asked for on a pending world\'s page, then the answer says it answers 403 until the world is approved', async () => {
      const pending = w.tenants.createTenant('En revisión', 'pending');

      const res = await act('post', `/worlds/${pending.id}/keys`);

      expect(res.text).toContain('El mundo está pending: sus claves responden 403 TENANT_PENDING hasta que se apruebe (en la lista de mundos).');
      const key = /data-copy="(fk_test_[^"]+)"/.exec(res.text)![1];
      expect((await w.request.get('/v1/me').set('Authorization', `Bearer ${key}`)).status).toBe(403);
      expect((await act('post', `/worlds/${w.newTenant().tenant.id}/keys`)).text).not.toContain('pending');
    });

    it('when a new key is asked for a world that is gone, then 404 in #avisos and no key anywhere', async () => {
      const { tenant } = w.newTenant('Borrado');
      await act('delete', `/worlds/${tenant.id}`);
      const keysBefore = (w.deps.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get() as number);

      expectAlert(await act('post', `/worlds/${tenant.id}/keys`), 404, 'NOT_FOUND', `El tenant ${tenant.id} no existe en este testbed.`);
      expect(w.deps.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get()).toBe(keysBefore);
    });

    it('when a world is deleted, then its data and its keys are gone', async () => {
      const { tenant, auth } = w.newTenant('Para borrar');
      await f.vehicle(auth);

      const res = await act('delete', `/worlds/${tenant.id}`);

      expect(res.status).toBe(200);
      expect(res.text).toContain('Mundo «Para borrar» borrado');
      expect(w.tenants.store.getTenant(tenant.id)).toBeUndefined();
      await w.request.get('/v1/vehicles').set(auth).expect(401);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-uuid'])('when the world %s does not exist, then 404 NOT_FOUND', async (id) => {
      expectAlert(await act('delete', `/worlds/${id}`), 404, 'NOT_FOUND', `El tenant ${id} no existe en este testbed.`);
    });

    it('when reset or a snapshot is asked of a testbed without a data dir, then 409 CONFLICT with the control API message', async () => {
      const message = 'no tiene directorio de datos';

      expectAlert(await act('post', '/reset'), 409, 'CONFLICT', message);
      expectAlert(await act('post', '/snapshots', { name: 'antes' }), 409, 'CONFLICT', message);
    });

    it('when a snapshot name breaks the pattern, then 400 VALIDATION naming the rule', async () => {
      expectAlert(await act('post', '/snapshots', { name: 'Con Espacios' }), 400, 'VALIDATION', 'Nombre de instantánea no válido');
    });
  });

  describe('clock', () => {
    it('when a world is advanced 1d from the form, then that world alone moves a day', async () => {
      const a = w.newTenant('Reloj A').tenant;
      const b = w.newTenant('Reloj B').tenant;
      const nowOf = (id: string) => w.deps.clocks.forTenant(id).nowMs();
      const [beforeA, beforeB] = [nowOf(a.id), nowOf(b.id)];

      const res = await act('post', `/worlds/${a.id}/clock/advance`, { duration: '1d' });

      expect(res.status).toBe(200);
      expect(res.text).toContain(`ahora ${cdmxTime(new Date(beforeA + DAY).toISOString())}.`);
      expect(nowOf(a.id)).toBe(beforeA + DAY);
      expect(nowOf(b.id)).toBe(beforeB);
    });

    it('when a world\'s platform_b fails during the advance, then the answer says what could not be read, after the new time', async () => {
      const { tenant, auth } = w.newTenant('Reloj caído');
      const v = await w.request.post('/v1/vehicles').set(auth).send({ plate: 'DWF-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, city: 'cdmx', vin: 'KNADM4A37E6301999' }).expect(201);
      await w.request.post(`/v1/vehicles/${v.body.id}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);
      await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);

      const res = await act('post', `/worlds/${tenant.id}/clock/advance`, { duration: '1d' });

      expect(res.status).toBe(200);
      expect(res.text).toMatch(/ahora [^.]+\. Sin leer de las plataformas \(se reintenta\): La plataforma platform_b no está disponible \(falla de plataforma simulada en este mundo\)/);
    });

    it('when several of a world\'s reads fail with the same message (its platform_a down), then the advance says it once', async () => {
      const { tenant, auth } = w.newTenant('Reloj, tres tareas caídas');
      const v = await w.request.post('/v1/vehicles').set(auth).send({ plate: 'DWF-002', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, city: 'cdmx', vin: 'KNADM4A37E6302999' }).expect(201);
      await w.request.post(`/v1/vehicles/${v.body.id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
      const d = await w.request.post('/v1/drivers').set(auth).send({ name: 'Ana', whatsapp: '+523312349999', city: 'cdmx' }).expect(201);
      await w.request.post(`/v1/drivers/${d.body.id}/invitations`).set(auth).send({ platform: 'platform_a' }).expect(201);
      await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);

      const res = await act('post', `/worlds/${tenant.id}/clock/advance`, { duration: '1d' });

      expect(res.status).toBe(200);
      expect(res.text).toContain('Sin leer de las plataformas (se reintenta): La plataforma platform_a no está disponible');
      expect(res.text.split('falla de plataforma simulada en este mundo')).toHaveLength(2);
    });

    it.each([
      [{ duration: '3x' }, 'Duración no válida: «3x»'],
      // A field left empty is not sent by the form: it is missing, not of another type.
      [{}, 'duration es obligatorio, p. ej. 6h'],
      [{ duration: '   ' }, 'duration es obligatorio, p. ej. 6h'],
    ])('when the duration is %j, then 400 VALIDATION and the clock stays', async (form, message) => {
      const { tenant } = w.newTenant();
      const before = w.deps.clocks.forTenant(tenant.id).nowMs();

      expectAlert(await act('post', `/worlds/${tenant.id}/clock/advance`, form), 400, 'VALIDATION', message);
      expect(w.deps.clocks.forTenant(tenant.id).nowMs()).toBe(before);
    });
  });
});
