import { describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../server/common/schemas.ts';
import { AppError, ERROR_CATALOG, platformUnavailable } from '../../server/errors.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import { createJobStore, type DueItem, type JobItemRow, type JobKind } from '../../server/jobs/store.ts';
import { createCoverageService } from '../../server/coverage/service.ts';
import { createJobWorker, type ItemRunner, type JobWorkerOptions } from '../../server/jobs/worker.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { makeDeps, TEST_CLOCK_START } from '../support/app.ts';

/**
 * The worker against a real in-memory database and fake item runners. Real time is faked too: the
 * worker's sleep moves `time.ms`, so backoffs are checked to the millisecond without waiting.
 */
function setup(runner: ItemRunner, options: Partial<JobWorkerOptions> = {}) {
  const deps = makeDeps();
  const tenant = createTenantService(deps).createTenant('Flota Lotes');
  const store = createJobStore(deps.db, createCoverageService(deps));
  const time = { ms: 1_000_000 };
  const workerOptions: JobWorkerOptions = {
    store, runners: { vehicle_registrations: runner }, clockOf: (id) => deps.clocks.forTenant(id), realNowMs: () => time.ms, logger: silentLogger,
    sleep: async (ms) => void (time.ms += ms), ...options,
  };
  const worker = createJobWorker(workerOptions);
  const newJob = (count: number, platform: Platform = 'platform_a', kind: JobKind = 'vehicle_registrations') => {
    const id = deps.ids.inWorld(tenant.id);
    const items = Array.from({ length: count }, (_, i) => ({ subjectId: `${platform}-${i}`, plate: `PL-${i}` }));
    store.createJob({ id, tenantId: tenant.id, kind, platform, createdAt: deps.clocks.forTenant(tenant.id).now().toISOString(), items });
    return id;
  };
  const job = (id: string) => store.getJob(id)!;
  const items = (id: string) => deps.db.prepare('SELECT * FROM job_items WHERE job_id = ? ORDER BY position').all(id) as JobItemRow[];
  const anotherWorker = (other: ItemRunner) => createJobWorker({ ...workerOptions, runners: { vehicle_registrations: other } });
  /** Other worlds, and a platform_a job of `count` items of one of them, its subjects `prefix-0`…. */
  const tenants = createTenantService(deps);
  const jobOf = (tenantId: string, prefix: string, count: number) => store.createJob({ id: deps.ids.inWorld(tenantId), tenantId, kind: 'vehicle_registrations',
    platform: 'platform_a', createdAt: TEST_CLOCK_START, items: Array.from({ length: count }, (_, i) => ({ subjectId: `${prefix}-${i}`, plate: `P${i}` })) });
  return { deps, store, time, worker, newJob, job, items, anotherWorker, tenants, jobOf };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A worker whose calls for the subjects `hangs` picks wait until released (`hanging`); every call started is noted in `ran`. */
function setupHanging(hangs: (subjectId: string) => boolean) {
  const hanging: (() => void)[] = [];
  const ran: string[] = [];
  const t = setup(async (item) => {
    ran.push(item.subject_id);
    if (hangs(item.subject_id)) await new Promise<void>((resolve) => hanging.push(resolve));
  });
  return { ...t, hanging, ran };
}

describe('job worker', () => {
  it('when a job runs, then each item runs once, the counters agree at every step and the job completes', async () => {
    const seen: string[] = [];
    const t = setup(async (item) => {
      const row = t.job(item.job_id);
      expect(row.status).toBe('running');
      expect(row.processed).toBe(row.succeeded + row.failed);
      expect(row.processed).toBeLessThanOrEqual(row.total);
      seen.push(item.subject_id);
      await tick();
      if (item.position % 5 === 0) throw new AppError('PLATFORM_REJECTED');
    });
    const id = t.newJob(20);
    expect(t.job(id).status).toBe('pending');

    await t.worker.runUntilIdle();

    expect(t.job(id)).toMatchObject({
      status: 'completed', total: 20, processed: 20, succeeded: 16, failed: 4, started_at: TEST_CLOCK_START, completed_at: TEST_CLOCK_START,
    });
    expect(seen.sort()).toEqual(t.items(id).map((i) => i.subject_id).sort());
    expect(t.items(id).every((i) => i.attempts === 1)).toBe(true);
    expect(t.items(id)[5]).toMatchObject({ state: 'failed', message: ERROR_CATALOG.PLATFORM_REJECTED.message });
  });

  it('when a clock advance waits for the items (settled), then it returns once they ran; against a platform always down, after its real-time limit with items still queued', async () => {
    const healthy = setup(async () => void (await tick()));
    const done = healthy.newJob(12);
    await healthy.worker.settled(undefined, healthy.time.ms + 10_000);
    expect(healthy.job(done).status).toBe('completed');

    const down = setup(async () => {
      await tick();
      throw platformUnavailable('platform_a');
    }, { retry: { maxAttempts: 1_000, baseDelayMs: 400, maxDelayMs: 400 } });
    const stuck = down.newJob(3);
    const started = down.time.ms;
    await down.worker.settled(undefined, down.time.ms + 10_000);
    expect(down.time.ms - started).toBeGreaterThanOrEqual(10_000);
    expect(down.time.ms - started).toBeLessThan(10_400);
    expect(down.job(stuck).status).not.toBe('completed');
  });

  it('when one world\'s calls hang with every slot taken, then another world\'s batch takes the next freed slots (up to half), not after all of the first world\'s items', async () => {
    const t = setupHanging((id) => id.startsWith('platform_a'));
    const { hanging: held, ran } = t;
    t.newJob(16);
    const draining = t.worker.runUntilIdle();
    await vi.waitFor(() => expect(held).toHaveLength(8));
    t.jobOf(t.tenants.createTenant('Flota Rápida').id, 'rapido', 2);

    held.shift()!();
    await vi.waitFor(() => expect(ran).toContain('rapido-1'));
    while (held.length > 0 || ran.length < 18) {
      held.splice(0).forEach((release) => release());
      await tick();
    }
    await draining;

    // The 8 hanging, then the other world's two as slots free, before the first world's 10th.
    expect(ran.slice(8, 10)).toEqual(['rapido-0', 'rapido-1']);
    expect(ran).toHaveLength(18);
  });

  it('when one world is held (its restore) while another world\'s calls hang, then the hold does not wait for them, its items wait for the release, and the other world\'s go on', async () => {
    const t = setupHanging((id) => id.startsWith('lenta'));
    const { hanging, ran, tenants, jobOf: job } = t;
    const slow = tenants.createTenant('Flota Lenta').id;
    const restored = tenants.createTenant('Flota Restaurada').id;
    const quick = tenants.createTenant('Flota Rápida').id;
    job(slow, 'lenta', 2);
    const draining = t.worker.runUntilIdle();
    await vi.waitFor(() => expect(hanging).toHaveLength(2));

    const release = await t.worker.holdWorld(restored);
    job(restored, 'restaurada', 2);
    job(quick, 'rapida', 2);
    t.worker.kick();
    await vi.waitFor(() => expect(ran).toContain('rapida-1'));
    const duringHold = [...ran];
    release();
    hanging.splice(0).forEach((done) => done());
    await draining;
    await t.worker.runUntilIdle();

    expect(duringHold.filter((id) => id.startsWith('restaurada'))).toEqual([]);
    expect(ran.filter((id) => id.startsWith('restaurada')).sort()).toEqual(['restaurada-0', 'restaurada-1']);
  });

  it('when a held world has more open jobs than the items looked at, then another world\'s item still runs at once, with no pause spent waiting', async () => {
    const ran: string[] = [];
    const sleeps: number[] = [];
    const t = setup(async (item) => void ran.push(item.subject_id), { concurrency: 2, sleep: async (ms) => void (sleeps.push(ms), (time.ms += ms)) });
    const time = t.time;
    const { tenants, jobOf: job } = t;
    const restored = tenants.createTenant('Flota Restaurada').id;
    const other = tenants.createTenant('Flota Otra').id;
    for (let j = 0; j < 6; j++) job(restored, `r${j}`, 4);
    job(other, 'otra', 1);
    const release = await t.worker.holdWorld(restored);

    const ended = await t.worker.settled(other, t.time.ms + 10_000);
    release();

    expect([ended, ran, sleeps]).toEqual(['done', ['otra-0'], []]);
  });

  it('when a slow world has five open batches older than another world\'s, then the other world\'s item runs in the first round of slots, not after the slow world\'s first batch', async () => {
    const t = setupHanging((id) => id.startsWith('lenta'));
    const { hanging, ran, tenants, jobOf: job } = t;
    const slow = tenants.createTenant('Flota Lenta').id;
    for (let j = 0; j < 5; j++) job(slow, `lenta${j}`, 40);
    job(tenants.createTenant('Flota Rápida').id, 'rapida', 1);
    const draining = t.worker.runUntilIdle();
    await vi.waitFor(() => expect(hanging).toHaveLength(8));

    const before = ran.indexOf('rapida-0');
    while (hanging.length > 0 || ran.length < 201) {
      hanging.splice(0).forEach((done) => done());
      await tick();
    }
    await draining;

    // The slow world's 4 (its share), then the other world's, then the slow world's in the slots left.
    expect(before).toBe(4);
  });

  it('when two platforms have 30 items each, then at most `concurrency` calls are in flight toward each', async () => {
    const inFlight: Record<string, number> = { platform_a: 0, platform_b: 0 };
    const peak: Record<string, number> = { platform_a: 0, platform_b: 0 };
    const t = setup(
      async (item) => {
        peak[item.platform] = Math.max(peak[item.platform], ++inFlight[item.platform]);
        await tick();
        inFlight[item.platform]--;
      },
      { concurrency: 4 },
    );
    const jobs = [t.newJob(30, 'platform_a'), t.newJob(30, 'platform_b')];

    await t.worker.runUntilIdle();

    expect(peak).toEqual({ platform_a: 4, platform_b: 4 });
    for (const id of jobs) expect(t.job(id)).toMatchObject({ status: 'completed', succeeded: 30 });
  });

  it('when the platform is unavailable twice, then the item is retried after 100 ms and 200 ms of real time and succeeds', async () => {
    const calls: number[] = [];
    const t = setup(async (item) => {
      calls.push(t.time.ms);
      if (calls.length <= 2) throw platformUnavailable(item.platform);
    });
    const id = t.newJob(1);
    const start = t.time.ms;

    await t.worker.runUntilIdle();

    expect(calls.map((at) => at - start)).toEqual([0, 100, 300]);
    expect(t.job(id)).toMatchObject({ status: 'completed', processed: 1, succeeded: 1, failed: 0 });
    expect(t.items(id)[0]).toMatchObject({ state: 'done', attempts: 3, message: null });
  });

  it('when the platform stays unavailable, then the item fails after 5 attempts with a Spanish message', async () => {
    const calls: number[] = [];
    const t = setup(async (item) => {
      calls.push(t.time.ms);
      throw platformUnavailable(item.platform);
    });
    const id = t.newJob(1);
    const start = t.time.ms;

    await t.worker.runUntilIdle();

    expect(calls.map((at) => at - start)).toEqual([0, 100, 300, 700, 1500]);
    expect(t.job(id)).toMatchObject({ status: 'completed', processed: 1, succeeded: 0, failed: 1 });
    expect(t.items(id)[0].message).toBe('La plataforma platform_a no respondió tras 5 intentos; vuelve a intentarlo más tarde.');
  });

  it.each([
    ['refused by a rule', new AppError('CITY_REQUIRED'), ERROR_CATALOG.CITY_REQUIRED.message],
    ['a bug', new Error('boom'), ERROR_CATALOG.INTERNAL.message],
  ])('when an item is %s, then it fails at once without a retry', async (_case, error, message) => {
    const t = setup(async () => {
      throw error;
    });
    const id = t.newJob(1);

    await t.worker.runUntilIdle();

    expect(t.items(id)[0]).toMatchObject({ state: 'failed', attempts: 1, message });
    expect(t.job(id)).toMatchObject({ status: 'completed', failed: 1 });
  });

  it('when the process dies mid-job, then a new worker runs every unrecorded item once and no recorded one again', async () => {
    // The first worker "dies": after 5 outcomes its calls never return, as if the process were killed.
    let answered = 0;
    const dying = setup(() => (++answered <= 5 ? Promise.resolve() : new Promise<void>(() => {})), { concurrency: 8 });
    const id = dying.newJob(20);
    void dying.worker.runUntilIdle();
    await vi.waitFor(() => expect(dying.job(id).processed).toBe(5));
    const recorded = new Set(dying.items(id).filter((i) => i.state !== 'queued').map((i) => i.subject_id));

    const rerun: string[] = [];
    await dying.anotherWorker(async (item: DueItem) => void rerun.push(item.subject_id)).runUntilIdle();

    expect(rerun).toHaveLength(15);
    expect(rerun.filter((s) => recorded.has(s))).toEqual([]);
    expect(dying.job(id)).toMatchObject({ status: 'completed', processed: 20, succeeded: 20 });
    expect(dying.items(id).every((i) => i.state === 'done' && i.attempts === 1)).toBe(true);
  });

  it('when stop() comes during calls, then a success is recorded and an outage cut short leaves its item untouched', async () => {
    const pending: { resolve: () => void; reject: (e: unknown) => void }[] = [];
    const t = setup(() => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })), { concurrency: 2 });
    const id = t.newJob(4);
    const run = t.worker.runUntilIdle();
    await vi.waitFor(() => expect(pending).toHaveLength(2));

    const stopped = t.worker.stop();
    pending[0].resolve();
    pending[1].reject(platformUnavailable('platform_a'));
    await Promise.all([stopped, run]);

    expect(pending).toHaveLength(2);
    expect(t.items(id).map((i) => [i.state, i.attempts])).toEqual([['done', 1], ['queued', 0], ['queued', 0], ['queued', 0]]);
    expect(t.job(id)).toMatchObject({ status: 'running', processed: 1 });
  });

  it('when no runner knows the job kind, then the job fails as a whole and its items stay queued', async () => {
    const t = setup(async () => {});
    const id = t.newJob(3, 'platform_a', 'driver_invitations');

    await t.worker.runUntilIdle();

    expect(t.job(id)).toMatchObject({ status: 'failed', processed: 0, completed_at: TEST_CLOCK_START });
    expect(t.items(id).every((i) => i.state === 'queued')).toBe(true);
  });

  it('when a write would make the counters disagree, then the database refuses it', () => {
    const t = setup(async () => {});
    const id = t.newJob(1);
    const bump = (sql: string) => () => t.deps.db.prepare(`UPDATE jobs SET ${sql} WHERE id = ?`).run(id);

    expect(bump('processed = processed + 1')).toThrow(/CHECK constraint/);
    expect(bump('processed = 2, succeeded = 2')).toThrow(/CHECK constraint/);
  });
});
