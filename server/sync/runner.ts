import type { Logger } from '../lib/logger.ts';

/** One kind of background work that brings stored state up to date with the platforms. */
export interface SyncTask {
  name: string;
  run(): Promise<void>;
}

export interface SyncRunner {
  /** Runs every task once, in order. Calls made while a run is under way wait for one full run after it. */
  runDue(): Promise<void>;
  add(task: SyncTask): void;
  /** Resolves when the run under way (if any) has finished; starts nothing. */
  idle(): Promise<void>;
  /** Runs `fn` between runs: after the one under way, and before any asked for meanwhile. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

export function createSyncRunner(logger: Logger, tasks: SyncTask[] = []): SyncRunner {
  let current: Promise<void> = Promise.resolve();

  async function runAll(): Promise<void> {
    for (const task of tasks) {
      try {
        await task.run();
      } catch (err) {
        // A platform that is down must not stop the other tasks; the next run retries.
        logger.warn('sync task failed', { task: task.name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  return {
    runDue() {
      current = current.then(runAll, runAll);
      return current;
    },
    add(task) {
      tasks.push(task);
    },
    idle() {
      return current.catch(() => undefined);
    },
    exclusive(fn) {
      const result = current.then(fn, fn);
      current = result.then(() => undefined, () => undefined);
      return result;
    },
  };
}
