/** What a pause stops and starts again: the job worker's background loop. */
export interface Pausable {
  isRunning(): boolean;
  stop(): Promise<void>;
  start(): void;
}

/**
 * The worker's start and stop as its owner asks them (serve's start and shutdown), and pauses that
 * several changes may hold at once (two worlds rewound side by side). The first pause stops the
 * worker and every pause waits for the last stop (its calls in flight finish first), a stop of the
 * owner's included; the worker runs again once no pause is held, if the owner wants it running:
 * a release after the owner's stop starts nothing, and the owner's start during a pause waits for
 * the last release. A release does nothing the second time.
 */
export function pausableWorker(worker: Pausable) {
  let holders = 0;
  let wanted = false;
  let stopped: Promise<void> = Promise.resolve();
  // Called once no pause is held (see `free`).
  const whenFree: (() => void)[] = [];
  const runIfFree = () => {
    if (holders !== 0) return;
    if (wanted) worker.start();
    for (const resolve of whenFree.splice(0)) resolve();
  };

  return {
    /** Resolves once no pause is held (at once when none is). */
    free: (): Promise<void> => (holders === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenFree.push(resolve))),
    start(): void {
      wanted = true;
      runIfFree();
    },
    stop(): Promise<void> {
      wanted = false;
      stopped = worker.stop();
      return stopped;
    },
    /** Whether a pause is held. */
    paused: (): boolean => holders > 0,
    async pause(): Promise<() => void> {
      if (holders++ === 0 && worker.isRunning()) stopped = worker.stop();
      await stopped;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders--;
        runIfFree();
      };
    },
  };
}
