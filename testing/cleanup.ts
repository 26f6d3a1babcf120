/**
 * What a started testbed leaves if the test process ends without calling `stop()`: a running serve
 * and a temp dir. Every started testbed is kept here until it stops, so that an interrupt (SIGINT,
 * SIGTERM) or a plain exit still removes both. This registry is per process by nature: signals and
 * `exit` are.
 */

export interface Stoppable {
  /** Stops gracefully: asks serve to stop, waits for it, removes what it made. */
  stop(): Promise<void>;
  /** At `exit`, where nothing can wait: kills serve and its companion and removes the temp dir. */
  stopNow(): void;
}

const running = new Set<Stoppable>();
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

function onExit(): void {
  for (const testbed of running) testbed.stopNow();
  running.clear();
}

/**
 * Stops every testbed, then lets the signal do what it would have done without this listener: if
 * nobody else listens for it, the process ends by it (the exit code a shell and a CI runner expect).
 */
async function onSignal(signal: NodeJS.Signals): Promise<void> {
  await Promise.allSettled([...running].map((testbed) => testbed.stop()));
  unhook();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

const signalListeners = new Map(SIGNALS.map((signal) => [signal, () => void onSignal(signal)]));

function hook(): void {
  process.on('exit', onExit);
  for (const [signal, listener] of signalListeners) process.on(signal, listener);
}

function unhook(): void {
  process.off('exit', onExit);
  for (const [signal, listener] of signalListeners) process.off(signal, listener);
}

/** Keeps a testbed for the exit and signal handlers; the handlers are there only while one runs. */
export function track(testbed: Stoppable): void {
  if (running.size === 0) hook();
  running.add(testbed);
}

export function untrack(testbed: Stoppable): void {
  running.delete(testbed);
  if (running.size === 0) unhook();
}
