import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimClock } from '../../server/lib/clock.ts';
import { makeTestApp, TEST_CLOCK_START } from '../support/app.ts';
import { usePlatformNetwork } from '../support/platform-network.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/** An app on a data dir of its own (reset and snapshots need one) with both platforms in process. */
function useJournalWorld() {
  const clock = SimClock.frozenAt(TEST_CLOCK_START);
  const net = usePlatformNetwork({ clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-journal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const t = makeTestApp({ clock, platformA: net.platformA, platformB: net.platformB, simulators: net.control, dataDir });
  const journaled = (tenantId: string) => [...t.services.journal.list(tenantId, {}).data];
  return { ...t, journaled };
}

describe('request journal: what clears it', () => {
  const w = useJournalWorld();

  it('when the testbed is reset, then no world keeps a journal, and a world the reset keeps starts its rule and entry ids again, as on a new data dir', async () => {
    // The demo tenant of a new data dir (its name gives its id, its key is the first drawn): the world a reset keeps.
    const { auth, tenant } = w.newTenant('Flota Demo');
    const faults = `/_testbed/tenants/${tenant.id}/faults`;
    await w.request.get('/v1/me').set(auth).expect(200);
    await w.request.post(faults).send({ effect: 'internal', operation: 'listVehicles' }).expect(201);

    await w.request.post('/_testbed/reset').expect(200);

    expect(w.services.journal.stats()).toMatchObject({ totalBytes: 0 });
    // The reset keeps the demo tenant and its key, as serve printed them.
    expect((await w.request.post(faults).send({ effect: 'internal', operation: 'getMe' }).expect(201)).body.id).toBe('flt_1');
    await w.request.get('/v1/vehicles').set(auth).expect(200);
    expect(w.journaled(tenant.id).map((e) => e.id)).toEqual(['je_1']);
  });

  it('when a whole-testbed snapshot is restored, then the journals are emptied, even of worlds the snapshot holds', async () => {
    const { auth, tenant } = w.newTenant();
    await w.request.get('/v1/me').set(auth).expect(200);
    await w.request.post('/_testbed/snapshots').send({ name: 'con-diario' }).expect(201);
    await w.request.get('/v1/vehicles').set(auth).expect(200);

    await w.request.post('/_testbed/snapshots/con-diario/restore').expect(200);

    expect(w.journaled(tenant.id)).toEqual([]);
  });

  it('when a whole-testbed snapshot is restored, then a world it holds goes on counting its rule and entry ids: an id kept from before names nothing new', async () => {
    const { auth, tenant } = w.newTenant();
    const faults = `/_testbed/tenants/${tenant.id}/faults`;
    await w.request.post('/_testbed/snapshots').send({ name: 'ids' }).expect(201);
    const before = (await w.request.post(faults).send({ effect: 'internal', operation: 'listVehicles' }).expect(201)).body.id;
    await w.request.get('/v1/me').set(auth).expect(200);
    await w.request.get('/v1/me').set(auth).expect(200);

    await w.request.post('/_testbed/snapshots/ids/restore').expect(200);
    const after = (await w.request.post(faults).send({ effect: 'internal', operation: 'getMe' }).expect(201)).body.id;
    await w.request.get('/v1/vehicles').set(auth).expect(200);

    expect([before, after]).toEqual(['flt_1', 'flt_2']);
    expect((await w.request.get(`${faults}/${before}`)).status).toBe(404);
    expect(w.journaled(tenant.id).map((e) => e.id)).toEqual(['je_3']);
    const cursor = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?startingAfter=je_2`);
    expect(cursor.body.data).toEqual([]);
  });

  it('when a world is deleted, then its journal goes and another world keeps its own', async () => {
    const gone = w.newTenant('Se va');
    const stays = w.newTenant('Se queda');
    await w.request.get('/v1/me').set(gone.auth).expect(200);
    await w.request.get('/v1/me').set(stays.auth).expect(200);
    const before = w.services.journal.stats();

    await w.request.delete(`/_testbed/tenants/${gone.tenant.id}`).expect(200);

    expect(w.services.journal.stats().worlds).toBe(before.worlds - 1);
    expect(w.services.journal.stats().totalBytes).toBeLessThan(before.totalBytes);
    expect(w.journaled(stays.tenant.id)).toHaveLength(1);
  });
});

describe('request journal: a world deleted and brought back by a whole restore', () => {
  const w = useJournalWorld();

  it('when a world is deleted, then a whole restore that brings it back goes on counting its rule and entry ids', async () => {
    const { auth, tenant } = w.newTenant();
    const faults = `/_testbed/tenants/${tenant.id}/faults`;
    await w.request.post('/_testbed/snapshots').send({ name: 'antes-de-borrar' }).expect(201);
    await w.request.post(faults).send({ effect: 'internal', operation: 'listVehicles' }).expect(201);
    await w.request.get('/v1/me').set(auth).expect(200);
    await w.request.get('/v1/me').set(auth).expect(200);

    await w.request.delete(`/_testbed/tenants/${tenant.id}`).expect(200);
    await w.request.post('/_testbed/snapshots/antes-de-borrar/restore').expect(200);
    const rule = (await w.request.post(faults).send({ effect: 'internal', operation: 'getMe' }).expect(201)).body.id;
    await w.request.get('/v1/vehicles').set(auth).expect(200);

    expect(rule).toBe('flt_2');
    expect(w.journaled(tenant.id).map((e) => e.id)).toEqual(['je_3']);
  });
});

describe('request journal: a request under way across the loss of its world\'s journal', () => {
  // The delays are held here, released by the test: the request waits as long as the test says.
  const held: (() => void)[] = [];
  const w = useWorldOnDataDir({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });

  it.each([
    ['a reset', (_tenantId: string) => w.request.post('/_testbed/reset').expect(200)],
    ['its world\'s deletion', (tenantId: string) => w.request.delete(`/_testbed/tenants/${tenantId}`).expect(200)],
  ])('when its client gives up after %s, then it lands in no journal', async (_case, lose) => {
    held.length = 0;
    await w.request.post('/_testbed/reset').expect(200);
    const { auth, tenant } = w.newTenant();
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000 }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(auth);
    const gaveUp = listing.then(() => 'answered', (err: Error) => err.message);
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));

    await lose(tenant.id);
    listing.abort();
    await gaveUp;
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    held[0]();

    expect(w.services.journal.stats()).toMatchObject({ worlds: 0, totalBytes: 0 });
  });
});

describe('request journal: a request under way when its world\'s journal is cleared', () => {
  // The delays are held here, released by the test: the request waits as long as the test says.
  const held: (() => void)[] = [];
  const w = useWorldOnDataDir({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });
  const journaled = (tenantId: string) => [...w.services.journal.list(tenantId, {}).data].map((e) => `${e.method} ${e.path} ${e.status}`);

  /** A world with a listVehicles held by a delay rule (`when`), its client still waiting for the answer. */
  async function heldListing(when: 'before' | 'after') {
    held.length = 0;
    const { auth, tenant } = w.newTenant();
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'inicio' }).expect(201);
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000, when, times: 1 }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(auth).then((res) => res.status);
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    return { auth, tenant, listing };
  }

  it.each(['before', 'after'] as const)('when the journal is cleared while a delay rule holds a request (when: %s), then its answer, given after, is not journaled; the next request is', async (when) => {
    const { auth, tenant, listing } = await heldListing(when);

    await w.request.delete(`/_testbed/tenants/${tenant.id}/requests`).expect(200);
    held[0]();
    expect(await listing).toBe(200);
    expect(journaled(tenant.id)).toEqual([]);

    await w.request.get('/v1/vehicles').set(auth).expect(200);
    expect(journaled(tenant.id)).toEqual(['GET /v1/vehicles 200']);
  });

  it('when the world is restored with clearRequests while a delay rule holds a request, then its 503 is not journaled: the journal starts empty for the next test', async () => {
    const { auth, tenant, listing } = await heldListing('before');

    const restored = await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/inicio/restore`).send({ clearRequests: true }).expect(200);
    expect(restored.body.cleared).toEqual({ requests: 0 });
    expect(await listing).toBe(503);
    expect(journaled(tenant.id)).toEqual([]);

    await w.request.get('/v1/vehicles').set(auth).expect(200);
    expect(journaled(tenant.id)).toEqual(['GET /v1/vehicles 200']);
  });

  it('when a request waits at its world\'s gate while the world is changed alone and its journal cleared (a restore with clearRequests), then it runs after and is journaled', async () => {
    const { auth, tenant } = w.newTenant();
    let posting!: Promise<number>;

    // What a restore does (world-snapshots/service.ts): the world alone, its journal cleared before it reopens.
    await w.services.tenantGates.exclusive(tenant.id, async () => {
      posting = w.request.post('/v1/vehicles').set(auth).send({ plate: 'GTE1234', brand: 'Kia', model: 'Rio', year: 2024, color: 'rojo' }).then((res) => res.status);
      // Until it waits at the gate; answered before (refused ahead of the gate), the test fails here.
      const answeredFirst = posting.then((status) => `answered ${status} before the gate`);
      while (w.services.tenantGates.waiting(tenant.id) === 0) {
        expect(await Promise.race([answeredFirst, new Promise((resolve) => setImmediate(() => resolve('waiting')))])).toBe('waiting');
      }
      w.services.journal.clear(tenant.id);
    });

    expect(await posting).toBe(201);
    expect(w.services.tenantGates.waiting(tenant.id)).toBe(0);
    expect(journaled(tenant.id)).toEqual(['POST /v1/vehicles 201']);
  });

  it('when the world is restored keeping its journal while a delay rule holds a request, then its 503 is journaled after the entries of before', async () => {
    const { tenant, listing } = await heldListing('before');

    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/inicio/restore`).expect(200);
    expect(await listing).toBe(503);
    expect(journaled(tenant.id)).toEqual(['GET /v1/vehicles 503']);
  });
});
