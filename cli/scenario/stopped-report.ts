import { junitStoppedReport, junitUnrunReport, type StoppedFile } from './junit.ts';
import type { ScenarioRun } from './runner.ts';

/**
 * How far a run went: whether its files started, those that ended (in file order, as reported),
 * and where each file stands: its run once it ended, `running`, `failed` (what stopped the run), or
 * not started yet (`undefined`). With --parallel, several run at once, and later ones may end first.
 */
export interface Progress {
  started: boolean;
  ran: ScenarioRun[];
  files: (ScenarioRun | 'running' | 'failed' | undefined)[];
}

export const interruptedProblem = (signal: NodeJS.Signals) =>
  `la ejecución se interrumpió (${signal}) mientras corría este archivo: su entorno se detuvo y su directorio de datos se borró`;

/**
 * The report of a run that stopped: before any file (options refused), every file not run with why;
 * part way, file by file: those that ended as they ran (later ones too, with --parallel), the one
 * that stopped the run with `problem` (no serve answering, an environment that did not start), and
 * the others as not run. A signal (`interrupted`) stops every file still running: each is an error
 * with `problem`.
 */
export function stoppedReport(files: string[], progress: Progress, problem: string, interrupted = false): string {
  const title = interrupted ? 'se interrumpió' : 'no se pudo ejecutar';
  if (!progress.started) return junitUnrunReport(files.map((file) => ({ file, problems: problem })), title);
  const stoppedAt = files[progress.files.findIndex((state) => state === 'failed')] ?? files[progress.ran.length];
  return junitStoppedReport(files.map((file, i): StoppedFile => {
    const state = progress.files[i];
    if (typeof state === 'object') return { run: state };
    // Still running only under a signal: a run that stops otherwise lets the files under way end.
    if (state === 'failed' || state === 'running') return { file, error: { title, problem } };
    return { file, skipped: interrupted ? 'no se ejecutó: la ejecución se interrumpió antes' : `no se ejecutó: la ejecución se detuvo en ${stoppedAt}` };
  }));
}
