import { Worker } from 'node:worker_threads';
import { threadUrl } from '../lib/thread-url.ts';

const THREAD = threadUrl(import.meta.url, 'checkpoint');

/** Real time between two checkpoints of the thread: a fixture's build writes ~10 MB of WAL a second. */
export const CHECKPOINT_EVERY_MS = 100;

export interface Checkpoints {
  /** Ends the thread (its connection closed); the database may be closed before or after. */
  stop(): Promise<void>;
}

/**
 * WAL checkpoints of a database file on a thread of their own. Otherwise the commit that brings the
 * WAL to its limit (wal_autocheckpoint: db/open.ts) copies ~40 MB back into the file and syncs it,
 * on whichever thread made that commit: a platform call of a fixture's build, a page of rides
 * (fixture worlds were ~8% slower so: docs/performance.md). With the thread the WAL rarely reaches
 * the limit; when it does (a reader keeps old pages needed), the commit does it as before. The
 * thread keeps the process alive only while it closes; a thread that fails is not replaced (the
 * commits checkpoint as before).
 */
export function startCheckpoints(file: string, { everyMs = CHECKPOINT_EVERY_MS, onError = () => {} }: {
  everyMs?: number;
  /** The thread failed (its file gone, a build without its script): said once, for the log. */
  onError?: (err: Error) => void;
} = {}): Checkpoints {
  const worker = new Worker(THREAD, { workerData: { file, everyMs } });
  worker.unref();
  // A failed thread exits too ('error' then 'exit'): its stop resolves all the same.
  worker.on('error', onError);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held while it closes: a process with nothing else left (the CLI's fresh environment once its
      // server closed) ended before the thread did, and the stop never settled (exit code 13).
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
