import type { Deps } from '../deps.ts';
import type { Scope } from '../auth/scopes.ts';
import type { Platform } from '../common/schemas.ts';
import { AppError, notFound } from '../errors.ts';
import { createJobStore, type JobKind } from './store.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import { toJob, type BatchAccepted, type Job } from './view.ts';
import { createJobWorker, type ItemRunner, type JobWorkerOptions } from './worker.ts';
import { pausableWorker } from './pausable-worker.ts';

type JobDeps = Pick<Deps, 'db' | 'clocks' | 'ids' | 'logger' | 'realNowMs'>;

/** The services that do one item's work. Both are idempotent: doing an item twice changes nothing. */
export interface JobTargets {
  registrations: { register(tenantId: string, vehicleId: string, platform: Platform): Promise<unknown> };
  invitations: { invite(tenantId: string, driverId: string, platform: Platform): Promise<unknown> };
  /** Counts the jobs' status transitions. */
  coverage: Pick<TransitionRecording, 'record'>;
}

/** Contract §3: reading a job needs the read scope of what it handles. */
export const READ_SCOPE: Record<JobKind, Scope> = {
  vehicle_registrations: 'vehicles:read',
  driver_invitations: 'drivers:read',
};

function runnersFor(targets: JobTargets): Record<JobKind, ItemRunner> {
  return {
    vehicle_registrations: async (item) => void (await targets.registrations.register(item.tenant_id, item.subject_id, item.platform)),
    driver_invitations: async (item) => void (await targets.invitations.invite(item.tenant_id, item.subject_id, item.platform)),
  };
}

/** The longest a clock advance waits for the batch items asked for before it (real time). */
export const JOBS_SETTLE_MS = 10_000;
/** A real-time wait that does not keep the process alive. */
const realTimeout = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Batch jobs (spec §4 Batches): a POST stores the job and its items and answers at once; the worker
 * runs them in the background. `worker` lets tests (and the unit tests' fake time) tune it.
 */
export function createJobService(deps: JobDeps, targets: JobTargets, worker: Partial<JobWorkerOptions> = {}) {
  const store = createJobStore(deps.db, targets.coverage);
  const runner = createJobWorker({
    store, runners: runnersFor(targets), clockOf: (tenantId) => deps.clocks.forTenant(tenantId), realNowMs: deps.realNowMs, logger: deps.logger, ...worker,
  });
  const loop = pausableWorker(runner);

  /** Splits the ids into the eligible (stored as one job, in request order) and the skipped. */
  const createBatch = deps.db.transaction((tenantId: string, kind: JobKind, platform: Platform, ids: string[]): BatchAccepted => {
    const eligible = new Map(store.eligible(kind, tenantId, platform, ids).map((e) => [e.id, e]));
    const items = ids.filter((id) => eligible.has(id)).map((id) => ({ subjectId: id, plate: eligible.get(id)!.plate }));
    const skipped = ids.filter((id) => !eligible.has(id));
    if (items.length === 0) return { jobId: null, total: 0, skipped };
    const id = deps.ids.inWorld(tenantId);
    store.createJob({ id, tenantId, kind, platform, createdAt: deps.clocks.forTenant(tenantId).now().toISOString(), items });
    return { jobId: id, total: items.length, skipped };
  });

  /**
   * Resolves once the world's queued items have run (every world's, without one), for a clock advance
   * to wait for: at most JOBS_SETTLE_MS of real time, so that a batch against a platform that is down
   * (five timed-out calls an item) holds the advance seconds, not minutes. A pause (another world's
   * restore) is waited out within that time: the items run once it ends, before the jump.
   */
  async function settled(tenantId?: string): Promise<void> {
    const until = deps.realNowMs() + JOBS_SETTLE_MS;
    for (;;) {
      const ended = await runner.settled(tenantId, until);
      const left = until - deps.realNowMs();
      if (left <= 0 || ended === 'done' || (ended === 'stopped' && !loop.paused())) return;
      // A release may come between 'held' and the wait for it: looked at again a second later at most.
      await Promise.race(ended === 'held' ? [runner.nextRelease(), realTimeout(Math.min(left, 1_000))] : [loop.free(), realTimeout(left)]);
    }
  }

  function submit(tenantId: string, kind: JobKind, platform: Platform, ids: string[]): BatchAccepted {
    if (kind === 'driver_invitations' && platform === 'platform_b') {
      throw new AppError('PLATFORM_NOT_ENABLED', 'Las invitaciones de conductores no están disponibles en platform_b (v1).');
    }
    const accepted = createBatch(tenantId, kind, platform, ids);
    if (accepted.jobId) runner.kick();
    return accepted;
  }

  /** The job with its kind, so the caller can check the read scope; another tenant's job does not exist. */
  function find(tenantId: string | null, id: string): { kind: JobKind; job: Job } {
    const row = store.getJob(id);
    if (!row || (tenantId !== null && row.tenant_id !== tenantId)) throw notFound('El lote');
    return { kind: row.kind, job: toJob(row, store.results(id)) };
  }

  return {
    registerVehicles: (tenantId: string, platform: Platform, vehicleIds: string[]) =>
      submit(tenantId, 'vehicle_registrations', platform, vehicleIds),
    inviteDrivers: (tenantId: string, platform: Platform, driverIds: string[]) => submit(tenantId, 'driver_invitations', platform, driverIds),
    get: (tenantId: string, id: string) => find(tenantId, id),
    /** The testbed's loopback view (the CLI has no API key): any tenant's job. */
    getAnyTenant: (id: string) => find(null, id).job,
    /** A tenant's newest jobs with their kind, for the dashboard. */
    listRecent: (tenantId: string, limit: number) =>
      store.recent(tenantId, limit).map((row) => ({ kind: row.kind, job: toJob(row, store.results(row.id)) })),
    runUntilIdle: () => runner.runUntilIdle(),
    settled,
    start: loop.start,
    stop: loop.stop,
    /**
     * Holds the jobs until the returned function is called: one world's items (`tenantId`: its
     * restore, save or deletion; other worlds' go on), or every world's (the background loop stopped:
     * a reset, a whole restore). Resolves once the calls in flight it holds have ended.
     */
    pause: (tenantId?: string): Promise<() => void> => (tenantId === undefined ? loop.pause() : runner.holdWorld(tenantId)),
  };
}

export type JobService = ReturnType<typeof createJobService>;
