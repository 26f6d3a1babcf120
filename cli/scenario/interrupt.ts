import { constants as osConstants } from 'node:os';
import { settledWithin } from '../../server/lib/settled-within.ts';

/** Real time an interrupted run gives its environments to stop: protection, not simulation. */
const INTERRUPT_STOP_MS = 5_000;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** The environments running or stopping, each by its one stop: a signal waits for a stop under way too. */
const open = new Set<() => Promise<void>>();
const installed = new Map<NodeJS.Signals, () => void>();

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
      uninstall();
      const stops = Promise.allSettled([...open].map((stop) => stop()));
      void settledWithin(stops, INTERRUPT_STOP_MS).finally(() => process.exit(128 + osConstants.signals[signal]));
    };
    installed.set(signal, handler);
    process.on(signal, handler);
  }
}

/**
 * `stop` run once, by the run or by a signal, whichever comes first; the environment counts as open
 * until that stop has ended, so a signal during the run's own stop waits for it rather than leave.
 */
export function stopOnInterrupt(stop: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const once = (): Promise<void> =>
    (stopping ??= stop().finally(() => {
      open.delete(once);
      if (open.size === 0) uninstall();
    }));
  open.add(once);
  install();
  return once;
}
