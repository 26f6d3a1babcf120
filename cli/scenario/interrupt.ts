import { constants as osConstants } from 'node:os';
import { settledWithin } from '../../server/lib/settled-within.ts';

/** Real time an interrupted run gives its environments to stop: protection, not simulation. */
const INTERRUPT_STOP_MS = 5_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The environments running or stopping, each by its one stop (a signal waits for a stop under way
 * too), with what to remove at once if that stop has not ended in time.
 */
const open = new Map<() => Promise<void>, () => void>();
const installed = new Map<NodeJS.Signals, () => void>();
/** What an interrupted run still writes as it ends (its JUnit report), after its environments stopped. */
const lastWords = new Set<(signal: NodeJS.Signals) => void>();
let interruptedBy: NodeJS.Signals | null = null;

/** The signal that interrupts the run, once one has: its steps then fail for that reason, not their own. */
export const interruption = (): NodeJS.Signals | null => interruptedBy;

/** `write` runs as an interrupted run ends, before it exits; the returned function takes it back. */
export function onInterrupted(write: (signal: NodeJS.Signals) => void): () => void {
  lastWords.add(write);
  return () => void lastWords.delete(write);
}

function uninstall(): void {
  for (const [signal, handler] of installed) process.off(signal, handler);
  installed.clear();
}

/**
 * Ctrl-C, a CI runner's SIGTERM or a closed terminal while environments run stops them and removes
 * their data dirs, then ends as the signal would have (128 + its number); ended by the signal's
 * default action, the run left every temp dir behind. The handlers are there only while an
 * environment is: a batch's later lines (and a reader leaving them, closed-pipe.ts) meet none. A
 * second signal meanwhile ends the process at once.
 */
function install(): void {
  if (installed.size > 0) return;
  for (const signal of SIGNALS) {
    const handler = () => {
      interruptedBy = signal;
      uninstall();
      const stops = Promise.allSettled([...open.keys()].map((stop) => stop()));
      void settledWithin(stops, INTERRUPT_STOP_MS).finally(() => {
        // A stop still under way (a machine busy enough for it to outlast the wait): its data dir
        // goes all the same; what still runs ends with this process.
        for (const removeNow of open.values()) removeNow();
        for (const write of lastWords) {
          try {
            write(signal);
          } catch (err) {
            process.stderr.write(`error: ${(err as Error).message}\n`);
          }
        }
        // Said, as every other end of a run is: a run that ended without a word looked like a crash.
        process.stderr.write(`escenarios interrumpidos (${signal}): sus entornos se detuvieron y sus directorios de datos se borraron.\n`);
        process.exit(128 + osConstants.signals[signal]);
      });
    };
    installed.set(signal, handler);
    process.on(signal, handler);
  }
}

/**
 * `stop` run once, by the run or by a signal, whichever comes first; the environment counts as open
 * until that stop has ended, so a signal during the run's own stop waits for it rather than leave.
 * `removeNow` (synchronous) is what a signal's exit removes when the stop has not ended in time.
 */
export function stopOnInterrupt(stop: () => Promise<void>, removeNow: () => void = () => {}): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const once = (): Promise<void> =>
    (stopping ??= stop().finally(() => {
      open.delete(once);
      if (open.size === 0) uninstall();
    }));
  open.set(once, removeNow);
  install();
  return once;
}
