/** What a pause stops and starts again: the job worker's background loop. */
export interface Pausable {
  isRunning(): boolean;
  stop(): Promise<void>;
  start(): void;
}

/**
 * Pauses that several changes may hold at once (two worlds rewound side by side): the first stops
 * the worker and the others wait for that same stop (its calls in flight finish first); the worker
 * starts again when the last is released, and only if it ran before the first. Each pause resolves
 * with its release, which does nothing the second time.
 */
export function sharedPause(worker: Pausable): () => Promise<() => void> {
  let holders = 0;
  let stopped: Promise<void> = Promise.resolve();
  let ranBefore = false;
  return async () => {
    if (holders++ === 0) {
      ranBefore = worker.isRunning();
      stopped = ranBefore ? worker.stop() : Promise.resolve();
    }
    await stopped;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--holders === 0 && ranBefore) worker.start();
    };
  };
}
