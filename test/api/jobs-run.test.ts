import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { jobFixtures } from '../support/jobs-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('batch jobs', () => {
  const w = useWorld();
  const { vehicle, batch, getJob, onPlatformA } = jobFixtures(w);

  it('when a job is read, then it needs the read scope of its kind and another tenant gets 404', async () => {
    const fleet = w.newTenant();
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: [vehicle(fleet).id] });
    const key = (scopes: Scope[]) => ({ Authorization: `Bearer ${w.tenants.createKey(fleet.tenant.id, scopes).key}` });

    expect((await getJob(key(['vehicles:read']), body.jobId)).status).toBe(200);
    const denied = await getJob(key(['drivers:read', 'vehicles:write']), body.jobId);
    expect([denied.status, denied.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await getJob(w.newTenant('Ajena').auth, body.jobId)).status).toBe(404);
    expect((await getJob(fleet.auth, 'not-a-uuid')).status).toBe(404);
    expect((await getJob(fleet.auth, randomUUID())).status).toBe(404);
    await w.services.jobs.runUntilIdle();
  });

  it('when a key with no read scope of either kind asks for a job, then it is 403 whether or not the id names one (scope before 404); one read scope is enough to learn it does not exist', async () => {
    const fleet = w.newTenant();
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: [vehicle(fleet).id] });
    const key = (scopes: Scope[]) => ({ Authorization: `Bearer ${w.tenants.createKey(fleet.tenant.id, scopes).key}` });
    const noRead = key(['rides:read', 'vehicles:write', 'drivers:write']);

    for (const id of [body.jobId, randomUUID(), 'not-a-uuid']) {
      const denied = await getJob(noRead, id);
      expect([denied.status, denied.body.error.code, denied.body.error.details]).toEqual([403, 'INSUFFICIENT_SCOPE', { anyOfScopes: ['vehicles:read', 'drivers:read'] }]);
    }
    expect((await getJob(key(['drivers:read']), randomUUID())).status).toBe(404);
    await w.services.jobs.runUntilIdle();
  });

  it('when a world\'s clock is advanced right after a batch, then every item ran at the time it was asked for, not some after the jump; another world\'s advance waits for none of it', async () => {
    const fleet = w.newTenant();
    const other = w.newTenant('Otra');
    const ids = Array.from({ length: 20 }, () => vehicle(fleet).id);
    const asked = w.deps.clocks.forTenant(fleet.tenant.id).now().toISOString();
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: ids }).expect(202);

    await w.request.post('/_testbed/clock/advance').send({ duration: '1m', tenant: other.tenant.id }).expect(200);
    const queuedAfterOther = w.services.jobs.get(fleet.tenant.id, body.jobId).job.processed;
    await w.request.post('/_testbed/clock/advance').send({ duration: '1h', tenant: fleet.tenant.id }).expect(200);

    const job = (await getJob(fleet.auth, body.jobId)).body;
    const registeredAt = ids.map((id) => w.deps.db.prepare("SELECT registered_at FROM vehicle_registrations WHERE vehicle_id = ? AND platform = 'platform_b'").pluck().get(id));
    expect(queuedAfterOther).toBe(0);
    expect([job.status, job.succeeded, job.startedAt, job.completedAt]).toEqual(['completed', 20, asked, asked]);
    expect(new Set(registeredAt)).toEqual(new Set([asked]));
  });

  it('when platform_a fails three calls part-way, then the items are retried and each vehicle is registered once', async () => {
    const fleet = w.newTenant();
    const ids = Array.from({ length: 6 }, () => vehicle(fleet).id);
    const fault = () => HttpResponse.json({ message: 'injected' }, { status: 503 });
    for (let i = 0; i < 3; i++) w.net.server.use(http.post('http://platform-a.sim.test/v1/vehicles', fault, { once: true }));

    const { body } = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids });
    await w.services.jobs.runUntilIdle();

    expect((await getJob(fleet.auth, body.jobId)).body).toMatchObject({ status: 'completed', processed: 6, succeeded: 6, failed: 0 });
    expect(ids.map(onPlatformA)).toEqual([1, 1, 1, 1, 1, 1]);
    const attempts = w.deps.db.prepare('SELECT SUM(attempts) FROM job_items WHERE job_id = ?').pluck().get(body.jobId);
    // Three faults, three retries: 9 calls (more only if the short test timeout cut a slow call).
    expect(attempts).toBeGreaterThanOrEqual(9);
  });

  it('when platform_a stays unreachable for some items, then the others succeed and those fail after their retries', async () => {
    const fleet = w.newTenant();
    const vehicles = Array.from({ length: 4 }, () => vehicle(fleet));
    const ids = vehicles.map((v) => v.id);
    const unreachable = new Set([vehicles[1].plate, vehicles[3].plate]);
    // By plate, not by call count, so a retry after a slow call cannot shift the fault onto another item.
    // Returning nothing lets the call through to the simulator.
    w.net.server.use(http.post('http://platform-a.sim.test/v1/vehicles', async ({ request }) => {
      const { plate } = (await request.clone().json()) as { plate: string };
      return unreachable.has(plate) ? HttpResponse.error() : undefined;
    }));

    const { body } = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids });
    await w.services.jobs.runUntilIdle();

    const job = (await getJob(fleet.auth, body.jobId)).body;
    expect(job).toMatchObject({ status: 'completed', processed: 4, succeeded: 2, failed: 2 });
    const failure = { ok: false, message: 'La plataforma platform_a no respondió tras 5 intentos; vuelve a intentarlo más tarde.' };
    expect(job.results.map((r: { ok: boolean; message: string | null }) => ({ ok: r.ok, message: r.message }))).toEqual([
      { ok: true, message: null }, failure, { ok: true, message: null }, failure,
    ]);
  });

  // Throughput is measured in test/e2e/jobs-restart.test.ts: msw's in-process hop costs ~20 ms a call.
  it('when a job runs, then every read on the way shows consistent counters and results', async () => {
    const fleet = w.newTenant();
    const ids = Array.from({ length: 80 }, () => vehicle(fleet).id);
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: ids });

    const run = w.services.jobs.runUntilIdle();
    let job;
    do {
      job = (await getJob(fleet.auth, body.jobId)).body;
      expect(job.processed).toBe(job.succeeded + job.failed);
      expect(job.processed).toBeLessThanOrEqual(job.total);
      expect(job.results).toHaveLength(job.processed);
    } while (job.status !== 'completed');
    await run;

    expect(job).toMatchObject({ total: 80, processed: 80, succeeded: 80 });
    expect(new Set(job.results.map((r: { vehicleId: string }) => r.vehicleId))).toEqual(new Set(ids));
  });
});

describe('batch jobs: an advance beside a pause of the job worker', () => {
  // Its own app: the worker's loop is started here, and a stopped loop runs nothing more for runUntilIdle.
  const w = useWorld();
  const { vehicle, batch, getJob } = jobFixtures(w);

  /** The advance, once it waits in `settled` (entered, turned a while): whether it had ended by then. */
  async function advanceUntilWaiting(body: object) {
    const jobs = w.services.jobs;
    const settled = jobs.settled;
    let entered!: () => void;
    const inSettled = new Promise<void>((resolve) => (entered = resolve));
    jobs.settled = (tenantId?: string) => (entered(), settled(tenantId));
    let advanced = false;
    const advancing = w.request.post('/_testbed/clock/advance').send(body).then((res) => ((advanced = true), res));
    await inSettled;
    jobs.settled = settled;
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    return { advancing, advancedWhileHeld: advanced };
  }

  it.each([
    ['a whole restore pauses the jobs', 'the advance of the world', undefined],
    ['a restore of the world holds its jobs', 'a service-wide advance', 'world'],
  ] as const)('when %s as %s waits for the batch, then the advance waits for the end, and the items still run before the jump', async (_hold, _advance, held) => {
    w.services.jobs.start();
    try {
      const fleet = w.newTenant();
      const ids = Array.from({ length: 5 }, () => vehicle(fleet).id);
      const asked = w.deps.clocks.forTenant(fleet.tenant.id).now().toISOString();
      const release = await w.services.jobs.pause(held === 'world' ? fleet.tenant.id : undefined);
      const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: ids }).expect(202);

      const { advancing, advancedWhileHeld } = await advanceUntilWaiting(held === 'world' ? { duration: '1h' } : { duration: '1h', tenant: fleet.tenant.id });
      const processedWhileHeld = w.services.jobs.get(fleet.tenant.id, body.jobId).job.processed;
      release();
      expect((await advancing).status).toBe(200);

      expect([advancedWhileHeld, processedWhileHeld]).toEqual([false, 0]);
      const job = (await getJob(fleet.auth, body.jobId)).body;
      expect([job.status, job.succeeded, job.completedAt]).toEqual(['completed', 5, asked]);
    } finally {
      await w.services.jobs.stop();
    }
  });
});
