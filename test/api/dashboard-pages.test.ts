import { describe, expect, it } from 'vitest';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';

const HOSTILE = '"><img src=x onerror=alert(1)>';
const ESCAPED = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;';

describe('dashboard pages: what a world holds, as HTML', () => {
  const { w, f, get, act, smallFleet } = useDashboardWorld();

  it('when a page has forms that act, then the browser leaves their fields to the control API (novalidate): its Spanish messages, not the browser\'s own in its language', async () => {
    const { tenant, auth } = w.newTenant();
    await smallFleet(auth, 'Ana');

    for (const path of ['', `/worlds/${tenant.id}`]) {
      const forms = (await get(path).expect(200)).text.match(/<form [^>]*hx-post=[^>]*>/g) ?? [];
      expect(forms.length).toBeGreaterThan(0);
      for (const form of forms) expect(form).toMatch(/^<form novalidate /);
    }
  });

  describe('escaping', () => {
    it('when a world is named with markup, then every page shows it as text', async () => {
      const { tenant } = w.newTenant(`<script>alert(1)</script>${HOSTILE}`);

      for (const path of ['', '/worlds', `/worlds/${tenant.id}`, `/worlds/${tenant.id}/look`]) {
        const res = await get(path).expect(200);
        expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(res.text).not.toContain('<script>alert(1)');
        expect(res.text).not.toContain('<img src=x');
      }
    });

    it('when a driver is named with markup, then the tables, the attributes and the history show it as text', async () => {
      const { tenant, auth } = w.newTenant();
      await smallFleet(auth, `Ana ${HOSTILE}`);

      const page = (await get(`/worlds/${tenant.id}`).expect(200)).text;
      const history = (await get(`/worlds/${tenant.id}/timeline`).expect(200)).text;

      expect(page).toContain(`aria-label="Aceptar invitación de Ana ${ESCAPED}"`);
      expect(page).toContain(`<td class="clave">Ana ${ESCAPED}</td>`);
      expect(history).toContain(`platform_a invitó a Ana ${ESCAPED}`);
      for (const text of [page, history]) expect(text).not.toContain('<img src=x');
    });
  });

  describe('one world', () => {
    it('when a world is opened, then it shows its vehicles with both registrations and driver, its drivers, assignments and documents, each id copyable', async () => {
      const { tenant, auth } = w.newTenant('Flota Vista');
      const fleet = await smallFleet(auth);

      const page = (await get(`/worlds/${tenant.id}`).expect(200)).text;

      expect(page).toContain(`<td class="clave">${fleet.plate}</td>`);
      expect(page).toMatch(/platform_a[\s\S]*registro <span class="estado estado-espera">pending<\/span>[\s\S]*tarjeta <span class="estado estado-ok">submitted<\/span>/);
      expect(page).toContain('registro <span class="estado estado-ok">registered</span>');
      expect(page).toContain('invitación <span class="estado estado-espera">invited</span>');
      for (const id of [tenant.id, fleet.vehicleId, fleet.driverId, fleet.assignmentId]) expect(page).toContain(`data-copy="${id}"`);
      expect(page).toContain('circulation_card_front');
      // The documents' size column shows KB, as its heading says.
      expect(page).toMatch(/<th scope="col"[^>]*>Tamaño<\/th>\s*<th scope="col"[^>]*>Enviado<\/th>/);
      expect(page).toMatch(/Aprobar la revisión de [A-Z]+-\d+/);
    });

    it('when a world has nothing for platform_a to decide, then its panels say how to get something there, and every world page has a link that reads the world again', async () => {
      const { tenant } = w.newTenant('Flota Sin Pendientes');

      const pages = await Promise.all(['', '/look', '/requests'].map(async (tab) => (await get(`/worlds/${tenant.id}${tab}`).expect(200)).text));

      expect(pages[0]).toContain('Ningún vehículo con la tarjeta enviada espera revisión. Los de un fixture ya están aprobados; para tener uno que revisar, regístralo en platform_a y envía su tarjeta de circulación con la API de este mundo');
      expect(pages[0]).toContain('Ningún conductor tiene una invitación abierta. Los de un fixture ya están vinculados; invita a uno con la API de este mundo (<code>POST /v1/drivers/{id}/invitations</code>)');
      for (const page of pages) expect(page).toMatch(/<a href="" title="[^"]+">Actualizar<\/a>/);
    });

    it('when vehicles are searched by plate, in lower case, then only that vehicle is listed, as GET /v1/vehicles?plate= finds it', async () => {
      const { tenant, auth } = w.newTenant();
      const one = await smallFleet(auth);
      const other = await f.vehicle(auth, 'ZZ');

      const res = await get(`/worlds/${tenant.id}/vehicles?plate=${one.plate.toLowerCase()}`).expect(200);

      expect(res.text).toContain(`data-copy="${one.vehicleId}"`);
      expect(res.text).not.toContain(`data-copy="${other}"`);
    });

    it('when drivers are searched by whatsapp, then only that driver is listed; a malformed number is 400 INVALID_PHONE, said in place of the list (not above the list of the search before)', async () => {
      const { tenant, auth } = w.newTenant();
      const one = await smallFleet(auth);
      const other = await f.driver(auth);

      const found = await get(`/worlds/${tenant.id}/drivers?whatsapp=${encodeURIComponent(one.whatsapp)}`).expect(200);
      const bad = await get(`/worlds/${tenant.id}/drivers?whatsapp=12`).set('HX-Request', 'true');

      expect(found.text).toContain(`data-copy="${one.driverId}"`);
      expect(found.text).not.toContain(`data-copy="${other}"`);
      expect(bad.status).toBe(400);
      expect(bad.headers['hx-retarget']).toBeUndefined();
      expect(bad.text).toMatch(/^<div id="conductores"><p class="error" role="alert"><strong>INVALID_PHONE<\/strong> /);
      expect(bad.text).not.toContain('data-copy');
    });

    it('when a whatsapp is typed as it is written down (spaces, dashes, brackets), then the driver is found, the caption naming the number searched', async () => {
      const { tenant, auth } = w.newTenant();
      const one = await smallFleet(auth);
      const digits = one.whatsapp.replace(/^\+52/, '');
      const typed = `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;

      const found = await get(`/worlds/${tenant.id}/drivers?whatsapp=${encodeURIComponent(typed)}`).expect(200);

      expect(found.text).toContain(`data-copy="${one.driverId}"`);
      expect(found.text).toContain(`Conductores con el WhatsApp ${digits}`);
    });

    it('when a batch job is open, then the jobs list polls every 2 s; once it is done, it stops polling', async () => {
      const { tenant, auth } = w.newTenant();
      const ids = [await f.vehicle(auth), await f.vehicle(auth)];
      await w.request.post('/v1/vehicles/registrations/batch').set(auth).send({ platform: 'platform_b', vehicleIds: ids }).expect(202);

      const open = (await get(`/worlds/${tenant.id}/jobs`).expect(200)).text;
      await w.services.jobs.runUntilIdle();
      const finished = (await get(`/worlds/${tenant.id}/jobs`).expect(200)).text;

      expect(open).toContain('hx-trigger="every 2s, mundo-cambiado from:body"');
      expect(open).toContain('max="2" value="0"');
      expect(finished).toContain('hx-trigger="mundo-cambiado from:body"');
      expect(finished).toContain('max="2" value="2"');
      expect(finished).toContain('completed');
    });

    it('when a batch item failed, then the jobs list names it under the count, with the platform\'s reason', async () => {
      const { tenant, auth } = w.newTenant();
      const fine = await f.vehicle(auth);
      const noVin = { plate: 'SNV-1001', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara' };
      await w.request.post('/v1/vehicles').set(auth).send(noVin).expect(201);
      const noVinId = (await w.request.get('/v1/vehicles?plate=SNV-1001').set(auth).expect(200)).body.data[0].id;
      await w.request.post('/v1/vehicles/registrations/batch').set(auth).send({ platform: 'platform_b', vehicleIds: [fine, noVinId] }).expect(202);
      await w.services.jobs.runUntilIdle();

      const list = (await get(`/worlds/${tenant.id}/jobs`).expect(200)).text;

      expect(list).toMatch(/<details><summary>1<\/summary><ul class="fallos"><li>SNV-1001: [^<]*VIN[^<]*<\/li><\/ul><\/details>/);
    });

    it.each(['/worlds/00000000-0000-4000-8000-000000000000', '/worlds/nada', '/no-existe'])('when %s is asked, then 404 NOT_FOUND as a Spanish page', async (path) => {
      const res = await get(path);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('NOT_FOUND');
      expect(res.text).toContain('Volver a los mundos');
      expect(res.text).toContain('<h1>No se pudo completar la solicitud</h1>');
    });

    it.each([
      ['a list read every 2 s', 'get', '/faults'],
      ['an action', 'post', '/clock/advance'],
    ] as const)('when %s names a world deleted meanwhile, then 404 in #avisos and the page is told the world is gone, not to reload its lists', async (_what, method, path) => {
      const tenantId = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Borrada' }).expect(201)).body.id;
      await w.request.delete(`/_testbed/tenants/${tenantId}`).expect(200);

      const res = method === 'get'
        ? await get(`/worlds/${tenantId}${path}`).set('HX-Request', 'true')
        : await act('post', `/worlds/${tenantId}${path}`, { duration: '1d' });

      expectAlert(res, 404, 'NOT_FOUND', `El tenant ${tenantId} no existe en este testbed.`);
      expect(res.headers['hx-trigger']).toBe('mundo-borrado');
    });

    it('when a world that exists is read, then its lists are not told it is gone', async () => {
      const tenantId = (await w.request.post('/_testbed/tenants').send({ name: 'Flota Viva' }).expect(201)).body.id;

      const res = await get(`/worlds/${tenantId}/faults`).set('HX-Request', 'true').expect(200);

      expect(res.headers['hx-trigger']).toBeUndefined();
    });
  });
});
