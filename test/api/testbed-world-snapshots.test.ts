import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/_testbed/tenants/{id}/snapshots', () => {
  const w = useWorld();
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  async function world(fixture: object = {}) {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Mundo', fixture }).expect(201);
    return { id: res.body.id as string, auth: bearer(res.body.keys[0].key), fixture: res.body.fixture };
  }
  const base = (id: string) => `/_testbed/tenants/${id}/snapshots`;
  const vehicles = async (auth: { Authorization: string }) => (await w.request.get('/v1/vehicles?limit=100').set(auth).expect(200)).body.data.length;
  const plate = async (id: string) => (await w.request.post(`/_testbed/tenants/${id}/unique/plate`).expect(200)).body.value;
  /** A vehicle made through the API with the world's next unique plate; answers its body (201 checked). */
  async function newVehicle(id: string, auth: { Authorization: string }, extra: object = {}) {
    const body = { plate: await plate(id), brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', ...extra };
    return (await w.request.post('/v1/vehicles').set(auth).send(body).expect(201)).body;
  }

  it('when the platforms no longer hold a snapshot\'s half (their process was replaced), then its restore is 404 saying so, nothing changes, and it leaves the list', async () => {
    const a = await world({ vehicles: 2, registeredOn: ['platform_b'] });
    await w.request.post(base(a.id)).send({ name: 'perdida' }).expect(201);
    await w.request.post(base(a.id)).send({ name: 'guardada' }).expect(201);
    await newVehicle(a.id, a.auth);
    // What a new simulators' process holds of it: nothing (their copies live in its memory).
    await w.deps.simulators.deleteFleetSnapshot(a.id, 'perdida');

    const res = await w.request.post(`${base(a.id)}/perdida/restore`);

    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.body.error.message).toBe('La instantánea «perdida» de este mundo ya no existe: su copia en las plataformas se perdió (los simuladores se reiniciaron mientras se guardaba, o no pudieron leer sus copias). Guárdala de nuevo.');
    expect(await vehicles(a.auth)).toBe(3);
    expect((await w.request.get(base(a.id)).expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['guardada']);
    await w.request.post(`${base(a.id)}/guardada/restore`).expect(200);
    expect(await vehicles(a.auth)).toBe(2);
  });

  it('when every copy is forgotten while a save is under way (serve replaced the simulators), then the save is 503 saying so and nothing is listed', async () => {
    const a = await world({ vehicles: 1, registeredOn: ['platform_b'] });
    // The rows copied; the platforms' half read but not yet answered as serve replaces them.
    const held = w.net.holdNextAnswer('control');
    const saving = w.request.post(base(a.id)).send({ name: 'a-medias' }).then((res) => res);
    await held.reached;

    w.services.worldSnapshots.forgetAll();
    held.release();
    const res = await saving;

    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(res.body.error.message).toBe('Los simuladores de las plataformas se reiniciaron mientras se guardaba «a-medias»: no se guardó; guárdala de nuevo.');
    expect((await w.request.get(base(a.id)).expect(200)).body.data).toEqual([]);
    await w.request.post(base(a.id)).send({ name: 'a-medias' }).expect(201);
  });

  it('when a listed snapshot\'s rows copy is gone, then its restore is 404 saying the copy was lost, the platforms untouched, and it leaves the list', async () => {
    const a = await world({ vehicles: 2, registeredOn: ['platform_b'] });
    await w.request.post(base(a.id)).send({ name: 'sin-filas' }).expect(201);
    await newVehicle(a.id, a.auth);
    const platformsBefore = (await w.request.get(`/_testbed/platforms/platform_b?tenant=${a.id}`).expect(200)).body;
    // What a forget racing the save could leave: the rows' copy dropped, the entry still listed (this
    // app's database is in memory, so its vault is on the API's own connection).
    const vaultTables = w.deps.db.prepare("SELECT name FROM world_vault.sqlite_master WHERE type = 'table'").pluck().all() as string[];
    for (const table of vaultTables) w.deps.db.prepare(`DELETE FROM world_vault."${table}" WHERE vault_key LIKE ?`).run(`${a.id}/%`);

    const res = await w.request.post(`${base(a.id)}/sin-filas/restore`);

    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('«sin-filas» de este mundo ya no existe');
    expect((await w.request.get(`/_testbed/platforms/platform_b?tenant=${a.id}`).expect(200)).body).toEqual(platformsBefore);
    expect(await vehicles(a.auth)).toBe(3);
    expect((await w.request.get(base(a.id)).expect(200)).body.data).toEqual([]);
  });

  it('when a world made at the same instant as others is restored after its clock moved, then the tenants keep the order they were made in', async () => {
    const made = [await world(), await world(), await world()];
    const order = async () => ((await w.request.get('/_testbed/tenants').expect(200)).body.data as { id: string }[]).map((t) => t.id);
    const before = await order();
    expect(before.slice(0, 3)).toEqual(made.map((m) => m.id).reverse());
    await w.request.post(base(made[0].id)).send({ name: 'antes' }).expect(201);
    // Its tenant row changes (its clock's offset): the put-back writes it again.
    await w.request.post('/_testbed/clock/advance').send({ duration: '1h', tenant: made[0].id }).expect(200);

    await w.request.post(`${base(made[0].id)}/antes/restore`).expect(200);

    expect(await order()).toEqual(before);
    expect(w.services.tenants.store.firstTenant()?.id).toBe(before[before.length - 1]);
  });

  it('when a world saved before its first unique value draws after each restore, then it draws the same values every time', async () => {
    const a = await world();
    await w.request.post(base(a.id)).send({ name: 'sin-valores' }).expect(201);
    const draws = async () => {
      const values = await Promise.all((['plate', 'vin', 'whatsapp'] as const).map(async (kind) =>
        (await w.request.post(`/_testbed/tenants/${a.id}/unique/${kind}`).expect(200)).body.value as string));
      await w.request.post(`${base(a.id)}/sin-valores/restore`).expect(200);
      return values;
    };

    const first = await draws();
    // Another world draws meanwhile: the world numbers go on for the others.
    await plate((await world()).id);

    expect(await draws()).toEqual(first);
    expect(await draws()).toEqual(first);
  });

  it('when a world is saved, changed and restored over HTTP, then it is as saved, its key still works and a key made since answers 401', async () => {
    const a = await world({ vehicles: 2, registeredOn: ['platform_b'] });
    const saved = await w.request.post(base(a.id)).send({ name: 'inicio' });
    const later = (await w.request.post(`/_testbed/tenants/${a.id}/keys`).send({})).body.key;
    await newVehicle(a.id, a.auth);
    await w.request.post('/_testbed/clock/advance').send({ duration: '2d', tenant: a.id }).expect(200);

    const restored = await w.request.post(`${base(a.id)}/inicio/restore`);

    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ name: 'inicio', tenant: a.id, createdAt: expect.any(String) });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ name: 'inicio', now: saved.body.createdAt, notSynced: [] });
    expect((await w.request.get(`/_testbed/clock?tenant=${a.id}`)).body.now).toBe(saved.body.createdAt);
    expect(await vehicles(a.auth)).toBe(2);
    expect((await w.request.get('/v1/me').set(bearer(later))).status).toBe(401);
    const list = (await w.request.get(base(a.id)).expect(200)).body.data;
    expect(list).toEqual([{ name: 'inicio', createdAt: saved.body.createdAt, sizeBytes: expect.any(Number) }]);
  });

  it('when another world created a plate the snapshot holds, then restore is 409 naming it in Spanish and the world stays as it is', async () => {
    const a = await world();
    const b = await world();
    await w.request.post(base(a.id)).send({ name: 'vacio' }).expect(201);
    const made = await newVehicle(a.id, a.auth);
    await w.request.post(base(a.id)).send({ name: 'con-placa' }).expect(201);
    await w.request.post(`${base(a.id)}/vacio/restore`).expect(200);
    await w.request.post('/v1/vehicles').set(b.auth)
      .send({ plate: made.plate, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara' }).expect(201);

    const res = await w.request.post(`${base(a.id)}/con-placa/restore`);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toBe(`No se puede restaurar «con-placa»: la placa ${made.plate} es ahora del mundo ${b.id}; no se restauró nada.`);
    expect(await vehicles(a.auth)).toBe(0);
  });

  it('when another world now holds a plate, a VIN and a WhatsApp number the snapshot has, then the 409 names all three and nothing is restored', async () => {
    const a = await world();
    const b = await world();
    await w.request.post(base(a.id)).send({ name: 'vacio' }).expect(201);
    const vin = (await w.request.post(`/_testbed/tenants/${a.id}/unique/vin`).expect(200)).body.value;
    const made = await newVehicle(a.id, a.auth, { vin });
    const whatsapp = (await w.request.post(`/_testbed/tenants/${a.id}/unique/whatsapp`).expect(200)).body.value;
    const driver = { name: 'Rosa Díaz', whatsapp, city: 'Guadalajara' };
    const stored = (await w.request.post('/v1/drivers').set(a.auth).send(driver).expect(201)).body.whatsapp;
    await w.request.post(base(a.id)).send({ name: 'lleno' }).expect(201);
    await w.request.post(`${base(a.id)}/vacio/restore`).expect(200);
    await w.request.post('/v1/vehicles').set(b.auth)
      .send({ plate: made.plate, vin, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara' }).expect(201);
    await w.request.post('/v1/drivers').set(b.auth).send(driver).expect(201);

    const res = await w.request.post(`${base(a.id)}/lleno/restore`);

    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`No se puede restaurar «lleno»: la placa ${made.plate}, el VIN ${vin} y el WhatsApp ${stored} son ahora del mundo ${b.id}; no se restauró nada.`);
    expect(res.body.error.details).toEqual([
      { field: 'plate', value: made.plate, tenantId: b.id, message: `En uso por el mundo ${b.id}` },
      { field: 'vin', value: vin, tenantId: b.id, message: `En uso por el mundo ${b.id}` },
      { field: 'whatsapp', value: stored, tenantId: b.id, message: `En uso por el mundo ${b.id}` },
    ]);
    expect(await vehicles(a.auth)).toBe(0);
  });

  it('when a world is restored, then the platforms hold its records as saved and another world\'s records are untouched', async () => {
    const a = await world({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    const b = await world({ vehicles: 1, registeredOn: ['platform_a'] });
    const view = async (id: string) => (await w.request.get(`/_testbed/platforms/platform_a?tenant=${id}`).expect(200)).body;
    const [savedA, savedB] = [await view(a.id), await view(b.id)];
    await w.request.post(base(a.id)).send({ name: 'unido' }).expect(201);
    await w.request.delete(`/v1/assignments/${a.fixture.assignmentIds[0]}`).set(a.auth).expect(200);
    const extra = (await newVehicle(b.id, b.auth, { platforms: ['platform_a'] })).id;
    await w.request.post(`/v1/vehicles/${extra}/registrations`).set(b.auth).send({ platform: 'platform_a' }).expect(201);
    const changedB = await view(b.id);
    expect((await view(a.id)).bindings).toEqual([]);

    await w.request.post(`${base(a.id)}/unido/restore`).expect(200);

    expect(await view(a.id)).toEqual(savedA);
    expect(await view(b.id)).toEqual(changedB);
    expect(changedB).not.toEqual(savedB);
  });

  it.each([
    ['POST', 'Mal Nombre', 400, 'VALIDATION'],
    ['RESTORE', 'nunca-guardada', 404, 'NOT_FOUND'],
    ['DELETE', 'nunca-guardada', 404, 'NOT_FOUND'],
    ['RESTORE', 'MAL', 400, 'VALIDATION'],
  ])('when %s names %s, then %i %s', async (action, name, status, code) => {
    const a = await world();
    const res = action === 'POST'
      ? await w.request.post(base(a.id)).send({ name })
      : action === 'RESTORE' ? await w.request.post(`${base(a.id)}/${name}/restore`) : await w.request.delete(`${base(a.id)}/${name}`);
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(res.body.error.message).toMatch(/instantánea/);
  });

  it('when the tenant is unknown, or the body has no name, then 404 and 400; delete forgets one snapshot; deleting the tenant forgets all', async () => {
    expect((await w.request.post(base(UNKNOWN)).send({ name: 'x' })).status).toBe(404);
    expect((await w.request.get(base(UNKNOWN))).status).toBe(404);
    const a = await world();
    const noName = await w.request.post(base(a.id)).send({});
    expect([noName.status, noName.body.error.code]).toEqual([400, 'VALIDATION']);
    await w.request.post(base(a.id)).send({ name: 'uno' }).expect(201);
    await w.request.post(base(a.id)).send({ name: 'dos' }).expect(201);

    expect((await w.request.delete(`${base(a.id)}/uno`)).body).toEqual({ name: 'uno', deleted: true });
    expect((await w.request.get(base(a.id))).body.data.map((s: { name: string }) => s.name)).toEqual(['dos']);
    await w.request.delete(`/_testbed/tenants/${a.id}`).expect(200);
    expect((await w.request.get(base(a.id))).status).toBe(404);
    expect(w.net.simulators.db.prepare("SELECT count(*) FROM fleet_vault.saved_pa_vehicles WHERE vault_key LIKE ?").pluck().get(`${a.id}/%`)).toBe(0);
  });
});
