import type { Logger } from '../lib/logger.ts';

/** One kind of background work that brings stored state up to date with the platforms: every world's, or one world's. */
export interface SyncTask {
  name: string;
  run(tenantId?: string): Promise<void>;
}

export interface SyncRunner {
  /**
   * Runs every task once, in order: for every world, or for one (`tenantId`: an advance of that
   * world's clock, which makes nothing due in the others). Calls made while a run is under way wait
   * for one run after it.
   */
  runDue(tenantId?: string): Promise<void>;
  add(task: SyncTask): void;
  /** Resolves when the run under way (if any) has finished; starts nothing. */
  idle(): Promise<void>;
  /**
   * Runs `fn` between runs: after the one under way, and before any asked for meanwhile. With a
   * world (`tenantId`), only the runs that touch it are waited for (every world's, or that world's):
   * while other worlds' run, `fn` starts at once; any run asked for meanwhile waits for it.
   */
  exclusive<T>(fn: () => Promise<T>, tenantId?: string): Promise<T>;
}

export function createSyncRunner(logger: Logger, tasks: SyncTask[] = []): SyncRunner {
  let current: Promise<void> = Promise.resolve();
  // Runs under way or asked for, by world ('' for every world's).
  const pending = new Map<string, number>();
  const count = (key: string, change: 1 | -1) => {
    const n = (pending.get(key) ?? 0) + change;
    if (n > 0) pending.set(key, n);
    else pending.delete(key);
  };

  async function runAll(tenantId?: string): Promise<void> {
    for (const task of tasks) {
      try {
        await task.run(tenantId);
      } catch (err) {
        // A platform that is down must not stop the other tasks; the next run retries.
        logger.warn('sync task failed', { task: task.name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  return {
    runDue(tenantId) {
      const key = tenantId ?? '';
      count(key, 1);
      const run = () => runAll(tenantId).finally(() => count(key, -1));
      current = current.then(run, run);
      return current;
    },
    add(task) {
      tasks.push(task);
    },
    idle() {
      return current.catch(() => undefined);
    },
    exclusive(fn, tenantId) {
      const touched = tenantId === undefined || pending.has('') || pending.has(tenantId);
      const result = touched ? current.then(fn, fn) : fn();
      current = Promise.all([current, result]).then(() => undefined, () => undefined);
      return result;
    },
  };
}
