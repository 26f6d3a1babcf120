import { describe, expect, it } from 'vitest';
import { useWorld, useWorldOnDataDir } from '../support/world.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { vinTakenSinceSnapshot } from '../support/snapshot-clash.ts';

/** Settles when `check` holds, turning the event loop meanwhile (no real-time sleep). */
async function until(check: () => boolean): Promise<void> {
  for (let turns = 0; !check(); turns++) {
    if (turns > 10_000) throw new Error('never held');
    await new Promise((r) => setImmediate(r));
  }
}

/** What wins: the promise, or a real-time guard far longer than the restore (~20 ms) and far shorter than the delay asked. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

describe('a world restore beside its own request held by a delay fault', () => {
  // The delays are held here, released by the test: the request waits as long as the test says.
  const held: (() => void)[] = [];
  const w = useWorld({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });
  const f = fleetFixtures(w);
  const { fixtureWorld } = fixtureWorlds(w);
  const snapshots = () => w.services.worldSnapshots;

  it('when an after-delay holds a list, then the restore goes at once, and the list answers once released, as read before it', async () => {
    held.length = 0;
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'inicio');
    await f.vehicle(a.auth);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000, when: 'after' }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(a.auth).then((res) => res);
    await until(() => held.length === 1);

    const restored = await within(snapshots().restore(a.tenant.id, 'inicio'), 5_000);
    held[0]();
    const res = await listing;

    expect(restored).toMatchObject({ name: 'inicio' });
    // Held after its handler, it had read the world as it was: 2 vehicles.
    expect([res.status, res.body.data.length]).toEqual([200, 2]);
  });

  it('when a before-delay holds a write while its world is restored (a timed-out test\'s request, the next test\'s restore), then the restore goes at once, and the write, released, is refused 503 and lands in no world', async () => {
    held.length = 0;
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'inicio');
    const rule = (await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000 }).expect(201)).body;
    const posting = w.request.post('/v1/vehicles').set(a.auth).send({ plate: 'TARDE-02', brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);
    await until(() => held.length === 1);

    const restored = await within(snapshots().restore(a.tenant.id, 'inicio'), 5_000);
    held[0]();
    const res = await posting;

    expect(restored).toMatchObject({ name: 'inicio' });
    expect([res.status, res.body.error.code, res.headers['retry-after'], res.headers['x-testbed-fault']]).toEqual([503, 'PLATFORM_UNAVAILABLE', '1', rule.id]);
    expect(res.body.error.message).toContain(`El mundo se restauró mientras la regla ${rule.id} retenía esta solicitud`);
    expect((await w.request.get('/v1/vehicles').set(a.auth).expect(200)).body.data).toHaveLength(1);
  });

  it.each([
    ['restored', 503, 'PLATFORM_UNAVAILABLE'],
    ['deleted', 401, 'UNAUTHORIZED'],
  ])('when a before-delay holds a request and its world is %s, then the request is refused at once, without waiting out its delay', async (what, status, code) => {
    held.length = 0;
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'inicio');
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 60_000 }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(a.auth).then((res) => res);
    await until(() => held.length === 1);

    if (what === 'restored') await snapshots().restore(a.tenant.id, 'inicio');
    else await w.request.delete(`/_testbed/tenants/${a.tenant.id}`).expect(200);
    // The delay itself is never released here: only the change can answer it.
    const res = await within(listing, 5_000);

    expect(res).not.toBe('still waiting');
    expect(res === 'still waiting' ? null : [res.status, res.body.error.code]).toEqual([status, code]);
  });

  it('when a before-delay holds a write while a restore of its world is refused (409: another world took a VIN of it), then the write is made once released: the world was not rewound', async () => {
    held.length = 0;
    const { a } = await vinTakenSinceSnapshot(w, f, 'con-vin');
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000 }).expect(201);
    const posting = w.request.post('/v1/vehicles').set(a.auth).send({ plate: 'TARDE-05', brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);
    await until(() => held.length === 1);

    const refused = await snapshots().restore(a.tenant.id, 'con-vin').catch((e: unknown) => e);
    held[0]();

    expect(refused).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect((await posting).status).toBe(201);
  });

  it('when a before-delay holds a write and the world is only saved meanwhile, then the write is made once released', async () => {
    held.length = 0;
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000 }).expect(201);
    const posting = w.request.post('/v1/vehicles').set(a.auth).send({ plate: 'TARDE-03', brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);
    await until(() => held.length === 1);

    await within(snapshots().save(a.tenant.id, 'durante'), 5_000);
    held[0]();

    expect((await posting).status).toBe(201);
    expect((await w.request.get('/v1/vehicles').set(a.auth).expect(200)).body.data).toHaveLength(2);
  });
});

describe('a whole-testbed save or reset beside a request held by a delay fault of one world', () => {
  const held: (() => void)[] = [];
  const w = useWorldOnDataDir({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });
  const f = fleetFixtures(w);

  it.each(['before', 'after'] as const)('when a %s-delay holds a world\'s list, then a whole save goes at once, another world is answered meanwhile, and the list answers once released', async (when) => {
    held.length = 0;
    const a = w.newTenant();
    const b = w.newTenant();
    await f.vehicle(a.auth);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000, when }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(a.auth).then((res) => res);
    await until(() => held.length === 1);

    const saved = await within(w.request.post('/_testbed/snapshots').send({ name: `entera-${when}` }).then((res) => res.status), 5_000);
    const other = await within(w.request.get('/v1/me').set(b.auth).then((res) => res.status), 5_000);
    held[0]();
    const res = await listing;

    expect([saved, other]).toEqual([201, 200]);
    expect([res.status, res.body.data]).toEqual([200, [expect.objectContaining({ plate: expect.any(String) })]]);
  });

  it('when an after-delay holds an answer across a whole restore, then the answer leaves as made, and the restored world\'s journal does not get it', async () => {
    held.length = 0;
    const a = w.newTenant();
    await w.request.post('/_testbed/snapshots').send({ name: 'antes-del-alta' }).expect(201);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000, when: 'after' }).expect(201);
    const posting = w.request.post('/v1/vehicles').set(a.auth).send({ plate: 'TARDE-01', brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);
    await until(() => held.length === 1);

    await w.request.post('/_testbed/snapshots/antes-del-alta/restore').expect(200);
    held[0]();

    expect((await posting).status).toBe(201);
    const journal = (await w.request.get(`/_testbed/tenants/${a.tenant.id}/requests`).expect(200)).body.data;
    expect(journal.filter((e: { path: string }) => e.path === '/v1/vehicles')).toEqual([]);
  });

  it('when a before-delay holds a write across a whole restore that keeps its world, then the write, released, is refused 503 and lands nowhere', async () => {
    held.length = 0;
    const a = w.newTenant();
    await w.request.post('/_testbed/snapshots').send({ name: 'con-el-mundo' }).expect(201);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000 }).expect(201);
    const posting = w.request.post('/v1/vehicles').set(a.auth).send({ plate: 'TARDE-04', brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);
    await until(() => held.length === 1);

    await w.request.post('/_testbed/snapshots/con-el-mundo/restore').expect(200);
    held[0]();

    expect((await posting).status).toBe(503);
    expect((await w.request.get('/v1/vehicles').set(a.auth).expect(200)).body.data).toEqual([]);
  });

  it('when a before-delay holds a world\'s request, then a reset goes at once, and the request, let in again after it, finds its key gone: 401', async () => {
    held.length = 0;
    const a = w.newTenant();
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000 }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(a.auth).then((res) => res);
    await until(() => held.length === 1);

    const reset = await within(w.request.post('/_testbed/reset').then((res) => res.status), 5_000);
    held[0]();

    expect(reset).toBe(200);
    expect((await listing).status).toBe(401);
  });
});

describe('a request held by a delay fault while its world is deleted or its key restored away', () => {
  const held: (() => void)[] = [];
  const w = useWorld({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });
  const f = fleetFixtures(w);
  const snapshots = () => w.services.worldSnapshots;
  const vehicles = (tenantId: string) => w.deps.db.prepare('SELECT count(*) FROM vehicles WHERE tenant_id = ?').pluck().get(tenantId) as number;
  const delay = (tenantId: string, when: 'before' | 'after') =>
    w.request.post(`/_testbed/tenants/${tenantId}/faults`).send({ effect: 'delay', operation: 'createVehicle', delayMs: 15_000, when }).expect(201);
  const post = (auth: Record<string, string>) => w.request.post('/v1/vehicles').set(auth).send({ plate: `DLY-${held.length}${Date.now() % 1000}`, brand: 'Kia', model: 'Rio', year: 2024, color: 'Rojo' }).then((res) => res);

  /** A world's createVehicle held by a `when` delay while the world is deleted; then released. */
  async function heldWhileDeleted(when: 'before' | 'after') {
    held.length = 0;
    const world = w.newTenant(`Flota Borrada ${when}`);
    await delay(world.tenant.id, when);
    const posting = post(world.auth);
    await until(() => held.length === 1);

    await w.request.delete(`/_testbed/tenants/${world.tenant.id}`).expect(200);
    const journals = w.services.journal.stats().worlds;
    held[0]();
    return { res: await posting, tenantId: world.tenant.id, journalsBefore: journals };
  }

  it('when its world is deleted during a before-delay, then it is answered 401 once released (its key is checked again), writes nothing and leaves no journal behind', async () => {
    const { res, tenantId, journalsBefore } = await heldWhileDeleted('before');

    expect(res.status).toBe(401);
    expect(vehicles(tenantId)).toBe(0);
    expect(w.services.journal.stats().worlds).toBe(journalsBefore);
  });

  it('when a restore takes its key away during a before-delay, then it is answered 401 and the restored world gets nothing', async () => {
    held.length = 0;
    const world = w.newTenant('Flota Restaurada');
    await snapshots().save(world.tenant.id, 'sin-clave');
    const later = w.tenants.createKey(world.tenant.id);
    await delay(world.tenant.id, 'before');
    const posting = post({ Authorization: `Bearer ${later.key}` });
    await until(() => held.length === 1);

    await snapshots().restore(world.tenant.id, 'sin-clave');
    held[0]();
    const res = await posting;

    expect(res.status).toBe(401);
    expect(vehicles(world.tenant.id)).toBe(0);
  });

  it('when its world is deleted while an after-delay holds its answer, then the answer leaves as made and no journal of the deleted world comes back', async () => {
    const { res, journalsBefore } = await heldWhileDeleted('after');

    expect(res.status).toBe(201);
    expect(w.services.journal.stats().worlds).toBe(journalsBefore);
    await f.vehicle(w.newTenant().auth); // the app goes on
  });
});
