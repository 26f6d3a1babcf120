import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { AppError, ERROR_CATALOG } from '../errors.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { DueItem, JobKind, JobStore } from './store.ts';

/** Does one item on its platform; resolves when done, throws an AppError when the item fails. */
export type ItemRunner = (item: DueItem) => Promise<void>;

export interface RetryPolicy {
  /** Calls of one item before a platform outage makes it fail. */
  maxAttempts: number;
  /** Real-time wait after the first failed call; doubles after each one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_600 };
/** Calls in flight toward each platform: enough for a 500-item batch in seconds, gentle on the peer. */
export const DEFAULT_CONCURRENCY = 8;

export interface JobWorkerOptions {
  store: JobStore;
  runners: Partial<Record<JobKind, ItemRunner>>;
  /** Simulated time, for the job's timestamps: the clock of the job's tenant (its world). */
  clockOf: (tenantId: string) => Clock;
  /** Real time, for backoff (contract §1: what protects the process never follows the simulated clock). */
  realNowMs: () => number;
  logger: Logger;
  concurrency?: number;
  retry?: RetryPolicy;
  /** Real-time wait; tests pass one that moves their fake realNowMs instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** How often the background loop looks for work nobody announced with kick(). */
  pollMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export const backoffMs = (policy: RetryPolicy, attempt: number) =>
  Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);

/**
 * Runs queued job items: at most `concurrency` calls in flight per platform, each outcome recorded in
 * one transaction (store.finish). Which item is in flight is kept in memory only, on purpose: after a
 * crash every item not recorded is simply queued again (see docs/jobs.md, "Exactly once").
 */
export function createJobWorker(o: JobWorkerOptions) {
  const concurrency = o.concurrency ?? DEFAULT_CONCURRENCY;
  const retry = o.retry ?? DEFAULT_RETRY;
  const sleep = o.sleep ?? realSleep;
  const inFlight = new Map<string, Promise<void>>();
  // The world of each call in flight, and the worlds held (holdWorld: a world restore), by count of holds.
  const inFlightWorld = new Map<string, string>();
  const held = new Map<string, number>();
  const onRelease: (() => void)[] = [];
  const busy: Record<Platform, number> = { platform_a: 0, platform_b: 0 };
  let stopping = false;
  let loop: Promise<void> | null = null;
  const wakers = new Set<() => void>();
  const keyOf = (item: DueItem) => `${item.job_id}:${item.position}`;

  /** Waits for `ms` of real time, or less if kick() or stop() comes first. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        wakers.delete(done);
        resolve();
      };
      wakers.add(done);
      void sleep(ms).then(done);
    });
  }
  const wake = () => [...wakers].forEach((done) => done());

  /** Until a call in flight ends or kick() brings new work (a batch, a world released): then the caller pumps. */
  function callEndOrKick(): Promise<void> {
    let kicked!: () => void;
    const kick = new Promise<void>((resolve) => wakers.add((kicked = resolve)));
    return Promise.race([...inFlight.values(), kick]).finally(() => wakers.delete(kicked));
  }

  /**
   * A world's share of a platform's calls while another world's items wait: a world whose calls are
   * slow (its own platform fault) held every slot, and another world's batch waited for all of them.
   */
  const share = Math.max(1, Math.ceil(concurrency / 2));
  const worldBusy = new Map<string, number>();
  const worldKey = (item: DueItem) => `${item.tenant_id}:${item.platform}`;
  const busyOf = (item: DueItem) => worldBusy.get(worldKey(item)) ?? 0;

  function pump(): void {
    if (stopping) return;
    try {
      for (const platform of PLATFORMS) {
        if (busy[platform] >= concurrency) continue;
        // In-flight items are still queued in the database: each world gives enough rows to skip them,
        // and no more, so that other worlds' items are seen too; held worlds give none.
        const due = o.store.dueItems(platform, o.realNowMs(), concurrency * 8 + busy[platform], concurrency * 2, held);
        // Worlds under their share first, in job order; then any slot left, to whoever is next.
        for (const underShare of [true, false]) {
          for (const item of due) {
            if (busy[platform] >= concurrency) break;
            if (!inFlight.has(keyOf(item)) && !(underShare && busyOf(item) >= share)) launch(item);
          }
        }
      }
    } catch (err) {
      // E.g. SQLITE_BUSY while the CLI holds a long write: the next pump (or the poll) tries again.
      o.logger.warn('job queue not read', { error: String(err) });
    }
  }

  function launch(item: DueItem): void {
    const key = keyOf(item);
    busy[item.platform]++;
    worldBusy.set(worldKey(item), busyOf(item) + 1);
    const done = runItem(item).finally(() => {
      busy[item.platform]--;
      const left = busyOf(item) - 1;
      if (left > 0) worldBusy.set(worldKey(item), left);
      else worldBusy.delete(worldKey(item));
      inFlight.delete(key);
      inFlightWorld.delete(key);
      pump();
    });
    inFlight.set(key, done);
    inFlightWorld.set(key, item.tenant_id);
  }

  async function runItem(item: DueItem): Promise<void> {
    try {
      const runner = o.runners[item.kind];
      if (!runner) {
        o.store.failJob(item, `no runner for job kind ${item.kind}`, o.clockOf(item.tenant_id).now().toISOString());
        o.logger.error('job failed', { jobId: item.job_id, kind: item.kind });
        return;
      }
      o.store.markRunning(item, o.clockOf(item.tenant_id).now().toISOString());
      record(item, await attempt(runner, item));
    } catch (err) {
      // Only a broken store lands here (e.g. the database closed under us); the item stays queued.
      o.logger.error('job item not recorded', { jobId: item.job_id, position: item.position, error: String(err) });
    }
  }

  type Outcome = { ok: true } | { ok: false; message: string; retryable: boolean };

  async function attempt(runner: ItemRunner, item: DueItem): Promise<Outcome> {
    try {
      await runner(item);
      return { ok: true };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, message: err.message, retryable: err.code === 'PLATFORM_UNAVAILABLE' };
      o.logger.error('job item crashed', { jobId: item.job_id, position: item.position, error: String(err) });
      return { ok: false, message: ERROR_CATALOG.INTERNAL.message, retryable: false };
    }
  }

  function record(item: DueItem, outcome: Outcome): void {
    const at = o.clockOf(item.tenant_id).now().toISOString();
    if (outcome.ok) return void o.store.finish(item, true, null, at);
    const attempts = item.attempts + 1;
    if (!outcome.retryable) return void o.store.finish(item, false, outcome.message, at);
    // A call cut short by our own shutdown says nothing about the platform: leave the item as it was.
    if (stopping) return;
    if (attempts < retry.maxAttempts) return o.store.retryLater(item, o.realNowMs() + backoffMs(retry, attempts), outcome.message);
    const message = `La plataforma ${item.platform} no respondió tras ${attempts} intentos; vuelve a intentarlo más tarde.`;
    o.store.finish(item, false, message, at);
  }

  /**
   * Runs until nothing is queued (of one world, with `tenantId`), stop() is called or real time
   * reaches `until`, waiting out backoffs in real time. Answers `stopped` when a stop ended it with
   * items still queued (a pause: a whole restore, serve's stop), `held` when only held worlds' are.
   */
  async function drain({ tenantId, until = Infinity }: { tenantId?: string; until?: number } = {}): Promise<'done' | 'stopped' | 'held'> {
    // A world with nothing queued starts nothing of the others' (an advance of that world alone).
    if (tenantId !== undefined && !o.store.hasQueued(tenantId)) return 'done';
    pump();
    for (;;) {
      if (tenantId !== undefined && !o.store.hasQueued(tenantId)) return 'done';
      const left = until - o.realNowMs();
      if (left <= 0) return 'done';
      // Each call that ends refills its slot itself (launch's finally); new work meanwhile takes a free
      // slot at once. A call ends within the platform timeout, so `until` is passed by that much at most.
      if (inFlight.size > 0) {
        await callEndOrKick();
        pump();
        continue;
      }
      const next = o.store.nextAttemptAt([...held.keys()]);
      if (stopping) return next === null ? 'done' : 'stopped';
      if (next === null) return o.store.hasQueued(tenantId) ? 'held' : 'done';
      await pause(Math.max(1, Math.min(next, until) - o.realNowMs()));
      pump();
    }
  }

  /**
   * Holds one world's items (a restore, a save or the deletion of that world) once its calls in
   * flight have ended: the other worlds' go on, where the whole worker's pause waited for every
   * world's calls, a slow platform's included. The function returned lets them run again.
   */
  async function holdWorld(tenantId: string): Promise<() => void> {
    held.set(tenantId, (held.get(tenantId) ?? 0) + 1);
    await Promise.allSettled([...inFlight].filter(([key]) => inFlightWorld.get(key) === tenantId).map(([, call]) => call));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = held.get(tenantId)! - 1;
      if (left > 0) held.set(tenantId, left);
      else held.delete(tenantId);
      for (const resolve of onRelease.splice(0)) resolve();
      wake();
    };
  }

  return {
    holdWorld,
    /** Resolves at the next release of a held world. */
    nextRelease: (): Promise<void> => new Promise<void>((resolve) => onRelease.push(resolve)),
    /** For tests and one-shot use: resolves when every open job has ended (but held worlds'). */
    runUntilIdle: async (): Promise<void> => void (await drain()),
    /** Resolves once the world (every world: undefined) has no item queued, or at `until` (real ms): see JobService.settled. */
    settled: (tenantId: string | undefined, until: number) => drain({ tenantId, until }),
    /** Starts the background loop of the server process; jobs left by a previous run resume here. */
    start(): void {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        while (!stopping) {
          // The loop must outlive any error: a rejected promise here would end the serve process.
          await drain().catch((err) => o.logger.error('job worker error', { error: String(err) }));
          if (!stopping) await pause(o.pollMs ?? 1_000);
        }
      })();
    },
    /** Whether the background loop runs (start() was called and stop() was not). */
    isRunning: () => loop !== null && !stopping,
    /** New work: stop waiting and look now. */
    kick: () => wake(),
    /** Starts nothing new and waits for the calls in flight; their outcomes are recorded (outages excepted). */
    async stop(): Promise<void> {
      stopping = true;
      wake();
      await loop;
      await Promise.allSettled(inFlight.values());
      loop = null;
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
