import { ended } from './process-alive.ts';

/** Real time between two looks at the parent process: protection, not simulation. */
const PARENT_WATCH_MS = 250;

/**
 * The process whose end stops serve, named by FLEET_EXIT_WITH_PARENT: `1`, the parent (as a test
 * library sets it); a pid, that process, for a helper in another language that starts serve through
 * a wrapper (`npx` runs it under `sh -c`, and both outlive a test process killed with SIGKILL);
 * null for neither.
 */
export function watchedProcess(value: string | undefined): 'parent' | number | null {
  if (value === '1') return 'parent';
  const pid = value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return pid > 1 && pid <= 2 ** 31 - 1 ? pid : null;
}

/**
 * Runs `stop` once, on SIGINT, SIGTERM or SIGHUP (the terminal running it was closed), or when the
 * npm that started this process dies, or the process FLEET_EXIT_WITH_PARENT names (above).
 *
 * `kill -TERM <pid of npm start>` (what CI runners and supervisors do) does not reach us: npm 11
 * passes the signal to the shell running the script, and dash dies without passing it on (other
 * shells exec the command, and then we do get it). Either way our parent process dies and we are
 * handed to another (the PID we see as parent changes): that is the signal under npm. Outside npm,
 * a parent's death is not a request to stop (`fleet-sim serve &` in a script that then ends), but
 * for a serve the testing library started.
 */
export function onStopRequest(stop: () => Promise<void>, env: NodeJS.ProcessEnv = process.env): void {
  let stopping = false;
  const once = () => {
    if (stopping) return;
    stopping = true;
    void stop();
  };
  process.on('SIGINT', once);
  process.on('SIGTERM', once);
  process.on('SIGHUP', once);
  // The testing library asks for it too (FLEET_EXIT_WITH_PARENT): a test runner that gives each test
  // file its own copy of `process` (jest) never runs the library's exit handler, and serve was left.
  const watched = watchedProcess(env.FLEET_EXIT_WITH_PARENT);
  const parent = process.ppid;
  const gone = typeof watched === 'number' ? () => ended(watched)
    : watched === 'parent' || env.npm_lifecycle_event !== undefined ? () => process.ppid !== parent
    : null;
  if (gone) setInterval(() => gone() && once(), PARENT_WATCH_MS).unref();
}
