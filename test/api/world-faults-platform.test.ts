import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { perform } from '../../cli/scenario/actions.ts';
import { SimClock } from '../../server/lib/clock.ts';
import { makeTestApp, TEST_CLOCK_START } from '../support/app.ts';
import { allowUndeclaredResponses } from '../support/openapi-records.ts';
import { usePlatformNetwork } from '../support/platform-network.ts';

/** The API and both simulators on a data dir of its own (reset needs one); delays recorded, not slept. */
function useFaultWorld(overrides: Parameters<typeof makeTestApp>[0] = {}) {
  const clock = SimClock.frozenAt(TEST_CLOCK_START);
  const net = usePlatformNetwork({ clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-faults-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const waits: number[] = [];
  const app = makeTestApp({
    clock, platformA: net.platformA, platformB: net.platformB, simulators: net.control, dataDir,
    platformTimeoutMs: 1_500, realWait: async (ms) => void waits.push(ms), ...overrides,
  });
  return { ...app, waits };
}

describe('world faults: a platform failing for one world', () => {
  const w = useFaultWorld();
  let seq = 0;

  async function registerOn(auth: Record<string, string>, platform = 'platform_b') {
    const n = String(++seq).padStart(3, '0');
    const v = await w.request.post('/v1/vehicles').set(auth).send({ plate: `PWF-${n}`, brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, city: 'cdmx', vin: `KNADM4A37E6301${n}` });
    return w.request.post(`/v1/vehicles/${v.body.id}/registrations`).set(auth).send({ platform });
  }
  const setFault = (tenantId: string, body: object) => w.request.post(`/_testbed/tenants/${tenantId}/faults`).send(body);

  it('when platform_b is set to error for one world, then that world\'s calls answer 503 and another world\'s succeed', async () => {
    const one = w.newTenant('Flota Uno');
    const two = w.newTenant('Flota Dos');

    const set = await setFault(one.tenant.id, { platform: 'platform_b', mode: 'error' });
    const listed = await w.request.get(`/_testbed/tenants/${one.tenant.id}/faults`);
    const faulted = await registerOn(one.auth);
    const other = await registerOn(two.auth);
    const otherPlatform = await registerOn(one.auth, 'platform_a');
    await setFault(one.tenant.id, { platform: 'platform_b', mode: 'none' }).expect(200);
    const after = await registerOn(one.auth);

    expect(set.status).toBe(200);
    expect(set.body).toEqual({ platform: 'platform_b', mode: 'error', ms: 0 });
    expect(listed.body).toEqual({ data: [], platforms: { platform_b: { mode: 'error', ms: 0 } } });
    expect(faulted.status).toBe(503);
    expect(faulted.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(faulted.headers['retry-after']).toBe('5');
    expect(faulted.headers['x-testbed-platform-fault']).toBe('platform_b; scope=world');
    expect(faulted.body.error.message).toBe('La plataforma platform_b no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.');
    expect(other.status).toBe(201);
    expect(otherPlatform.status).toBe(201);
    expect(after.status).toBe(201);
    expect((await w.request.get('/_testbed/faults')).body.platform_b).toEqual({ mode: 'none', ms: 0 });
  });

  it('when a world\'s platform_b fails while its clock is advanced, then the advance answers 200 with the time and what it could not read; another world\'s says nothing unread; once it answers, a sync reads it', async () => {
    const one = w.newTenant('Flota Caída');
    const two = w.newTenant('Flota Sana');
    expect((await registerOn(one.auth)).status).toBe(201);
    expect((await registerOn(two.auth)).status).toBe(201);
    await setFault(one.tenant.id, { platform: 'platform_b', mode: 'error' }).expect(200);

    const faulted = await w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: one.tenant.id });
    const healthy = await w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: two.tenant.id });
    await setFault(one.tenant.id, { platform: 'platform_b', mode: 'none' }).expect(200);
    const synced = await w.request.post('/_testbed/sync');

    expect(faulted.status).toBe(200);
    expect(faulted.body).toEqual({
      now: expect.any(String),
      notSynced: [{ task: 'rides', tenant: one.tenant.id, message: 'La plataforma platform_b no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.' }],
    });
    expect(healthy.body).toEqual({ now: expect.any(String), notSynced: [] });
    expect(synced.body).toEqual({ now: expect.any(String), notSynced: [] });
  });

  it('when one world\'s platform_a fails during a sync of every world, then the answer names that world, not the whole pass', async () => {
    const faulted = w.newTenant('Flota con fallo');
    const healthy = w.newTenant('Flota sin fallo');
    expect((await registerOn(faulted.auth, 'platform_a')).status).toBe(201);
    expect((await registerOn(healthy.auth, 'platform_a')).status).toBe(201);
    await setFault(faulted.tenant.id, { platform: 'platform_a', mode: 'error' }).expect(200);

    const synced = await w.request.post('/_testbed/sync');
    await setFault(faulted.tenant.id, { platform: 'platform_a', mode: 'none' }).expect(200);

    expect(synced.status).toBe(200);
    expect(synced.body.notSynced).toEqual([{
      task: 'registrations', tenant: faulted.tenant.id,
      message: 'La plataforma platform_a no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.',
    }]);
  });

  it('when one world is synced alone (?tenant=), then another world\'s slow platform is not called (a sync of every world waits for it), and its answer is that world\'s', async () => {
    const slow = w.newTenant('Flota Lenta Ajena');
    const own = w.newTenant('Flota Propia');
    expect((await registerOn(slow.auth, 'platform_a')).status).toBe(201);
    expect((await registerOn(own.auth, 'platform_a')).status).toBe(201);
    await setFault(slow.tenant.id, { platform: 'platform_a', mode: 'slow', ms: 1_000 }).expect(200);
    await w.request.post('/_testbed/clock/advance').send({ duration: '2h', tenant: own.tenant.id }).expect(200);
    w.waits.length = 0;

    const alone = await w.request.post(`/_testbed/sync?tenant=${own.tenant.id}`);
    const waitedAlone = [...w.waits];
    const every = await w.request.post('/_testbed/sync');
    await setFault(slow.tenant.id, { platform: 'platform_a', mode: 'none' }).expect(200);

    expect(alone.status).toBe(200);
    expect(alone.body).toEqual({ now: w.deps.clocks.forTenant(own.tenant.id).now().toISOString(), notSynced: [] });
    expect(alone.body.now).not.toBe(every.body.now); // the world's time, two hours ahead of the service's
    expect(waitedAlone).toEqual([]);
    expect(every.status).toBe(200);
    expect(w.waits).toContain(1_000);
  });

  it.each([
    ['an unknown tenant', 404, 'NOT_FOUND', '?tenant=00000000-0000-4000-8000-000000000000'],
    ['a tenant that is not a UUID', 404, 'NOT_FOUND', '?tenant=flota'],
    ['tenant twice', 400, 'VALIDATION', '?tenant=00000000-0000-4000-8000-000000000000&tenant=00000000-0000-4000-8000-000000000001'],
  ])('when a sync names %s, then %i %s', async (_case, status, code, query) => {
    const res = await w.request.post(`/_testbed/sync${query}`);

    expect([res.status, res.body.error.code]).toEqual([status, code]);
  });

  it('when a scenario advances its worlds and syncs, then its transcript keeps what any of its worlds could not read, and not another file\'s worlds\'', async () => {
    const faulted = w.newTenant('Escenario con fallo');
    const healthy = w.newTenant('Escenario sin fallo');
    const elsewhere = w.newTenant('Otro archivo con fallo');
    expect((await registerOn(faulted.auth)).status).toBe(201);
    expect((await registerOn(elsewhere.auth, 'platform_a')).status).toBe(201);
    await setFault(faulted.tenant.id, { platform: 'platform_b', mode: 'error' }).expect(200);
    await setFault(elsewhere.tenant.id, { platform: 'platform_a', mode: 'error' }).expect(200);
    const server = createServer(w.app).listen(0);
    await once(server, 'listening');
    const ctx = {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, secrets: new Map(), defaultKey: '', controlHeaders: {}, rewound: [],
      tenantIds: new Map([['caida', faulted.tenant.id], ['sana', healthy.tenant.id]]),
    };

    try {
      const advanced = await perform({ advanceClock: '1d' }, ctx);
      const synced = await perform({ sync: true }, ctx);

      expect((advanced.response.body as { notSynced: { tenant: string }[] }).notSynced.map((f) => f.tenant)).toEqual([faulted.tenant.id]);
      expect((synced.response.body as { notSynced: { tenant: string }[] }).notSynced.map((f) => f.tenant)).toEqual([faulted.tenant.id]);
      // Its own worlds alone, each as its advance syncs it: another file's slow platform is not waited for.
      expect(synced.request).toEqual({ method: 'POST', path: '/_testbed/sync', worlds: ['caida', 'sana'] });
    } finally {
      server.close();
      await setFault(faulted.tenant.id, { platform: 'platform_b', mode: 'none' }).expect(200);
      await setFault(elsewhere.tenant.id, { platform: 'platform_a', mode: 'none' }).expect(200);
    }
  });

  it('when a world\'s platform is slow past the platform timeout, then its call waits that long and answers 503; a shorter one goes through', async () => {
    const one = w.newTenant('Flota Lenta');
    w.waits.length = 0;

    await setFault(one.tenant.id, { platform: 'platform_b', mode: 'slow', ms: 60_000 });
    const timedOut = await registerOn(one.auth);
    await setFault(one.tenant.id, { platform: 'platform_b', mode: 'slow', ms: 1_499 });
    const slowButIn = await registerOn(one.auth);

    expect(timedOut.status).toBe(503);
    expect(timedOut.headers['x-testbed-platform-fault']).toBe('platform_b; scope=world');
    expect(slowButIn.status).toBe(201);
    expect(w.waits).toEqual([1_500, 1_499]);
  });

  it.each([
    [{ platform: 'platform_c', mode: 'error' }, 'platform'],
    [{ platform: 'platform_a', mode: 'down' }, 'mode'],
    [{ platform: 'platform_a', mode: 'slow', ms: 600_001 }, 'ms'],
    [{ platform: 'platform_a', mode: 'error', effect: 'internal' }, 'effect'],
    // ms only says how slowly a slow platform answers: with another mode it would do nothing.
    [{ platform: 'platform_a', mode: 'error', ms: 100 }, 'ms'],
    [{ platform: 'platform_a', mode: 'none', ms: 0 }, 'ms'],
  ])('when the platform fault is %j, then 400 VALIDATION names %s', async (body, field) => {
    const one = w.newTenant('Flota Mal');

    const res = await setFault(one.tenant.id, body);

    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    expect((await w.request.get(`/_testbed/tenants/${one.tenant.id}/faults`)).body.platforms).toEqual({});
  });

  it('when the testbed is reset, then no world has faults left', async () => {
    const one = w.newTenant('Flota Reset');
    await w.request.post(`/_testbed/tenants/${one.tenant.id}/faults`).send({ effect: 'internal' }).expect(201);
    await setFault(one.tenant.id, { platform: 'platform_a', mode: 'error' }).expect(200);

    await w.request.post('/_testbed/reset').expect(200);

    // The tenant is gone with the reset; a world made later with the same id must not inherit its rules.
    expect(w.services.faults.pick(one.tenant.id, 'GET', '/v1/vehicles')).toBeNull();
    expect(w.services.faults.hasPlatformFaults()).toBe(false);
  });

  it('when a world is deleted, then its faults go with it', async () => {
    allowUndeclaredResponses('a fault rule answers any operation with its own status');
    const one = w.newTenant('Flota Borrada');
    await w.request.post(`/_testbed/tenants/${one.tenant.id}/faults`).send({ effect: 'internal' }).expect(201);

    await w.request.delete(`/_testbed/tenants/${one.tenant.id}`).expect(200);

    expect(w.services.faults.pick(one.tenant.id, 'GET', '/v1/vehicles')).toBeNull();
    expect(w.services.faults.hasPlatformFaults()).toBe(false);
  });
});

describe('FLEET_RETRY_AFTER_S', () => {
  const w = useFaultWorld({ retryAfterS: 2 });

  it('when it is 2, then a platform-caused 503 says Retry-After: 2', async () => {
    const { tenant, auth } = w.newTenant();
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    const v = await w.request.post('/v1/vehicles').set(auth).send({ plate: 'RTA-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6302001' });

    const res = await w.request.post(`/v1/vehicles/${v.body.id}/registrations`).set(auth).send({ platform: 'platform_b' });

    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
  });
});
