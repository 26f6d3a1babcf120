import { rmSync, writeFileSync } from 'node:fs';
import type { Config } from '../../server/config.ts';
import { cliConfig, runningServeConfig } from '../environment.ts';
import { CliError, fail, printJson } from '../output.ts';
import { junitReport, junitUnrunReport, type UnrunFile } from '../scenario/junit.ts';
import { interruptedProblem, stoppedReport, type Progress } from '../scenario/stopped-report.ts';
import { loadScenario, ScenarioFileError, STDIN_FILE } from '../scenario/load.ts';
import { humanReport } from '../scenario/report.ts';
import type { RunFileOptions } from '../scenario/run-file.ts';
import type { ScenarioRun } from '../scenario/runner.ts';
import type { Scenario } from '../scenario/schema.ts';
import { belowMinimum, parseMinCoverage } from '../scenario/coverage.ts';
import { mergeReports } from '../../server/coverage/report.ts';
import { coverageLine, neverSeen } from './coverage.ts';
import { fileProblem, writeProblem } from '../lib/file-errors.ts';
import { cleanUpWorlds, worldsReport } from '../scenario/cleanup.ts';
import { finishEvenIfReaderLeaves } from '../lib/closed-pipe.ts';
import { interruption, onInterrupted } from '../scenario/interrupt.ts';

/** How many never-seen transitions a run lists unless it asks about coverage (--min-coverage) and passes. */
const SHORT_COVERAGE = 5;

interface RunOptions {
  fresh?: boolean;
  parallel?: string;
  seed?: string;
  clockStart?: string;
  json?: boolean;
  junit?: string;
  coverageOut?: string;
  minCoverage?: string;
  keepWorlds?: boolean;
}

/** --seed and --clock-start, else FLEET_SEED and FLEET_CLOCK_START, else the file's, else fixed defaults. */
function freshSettings(opts: RunOptions): Pick<RunFileOptions, 'seed' | 'clockStart' | 'rateLimit'> {
  const config = cliConfig();
  // The range FLEET_SEED takes (server/config.ts): past it, serve's own refusal named FLEET_SEED, not the option given.
  if (opts.seed !== undefined && (!/^-?\d+$/.test(opts.seed) || !Number.isSafeInteger(Number(opts.seed)))) {
    throw new CliError(`--seed debe ser un número entero entre ${Number.MIN_SAFE_INTEGER} y ${Number.MAX_SAFE_INTEGER} (recibido: ${opts.seed})`);
  }
  if (opts.clockStart !== undefined && Number.isNaN(Date.parse(opts.clockStart))) {
    throw new CliError(`--clock-start debe ser una fecha-hora ISO (recibido: ${opts.clockStart})`);
  }
  return {
    seed: opts.seed !== undefined ? Number(opts.seed) : process.env.FLEET_SEED ? config.seed : undefined,
    clockStart: opts.clockStart ?? config.clockStart ?? undefined,
    rateLimit: process.env.FLEET_RATE_LIMIT ? config.rateLimit : undefined,
  };
}

/**
 * Every file is validated before the first one runs, and every invalid one is said (a typo in the
 * last file fails in a second, not after a run; a CI run needs no rerun per broken file): its shape,
 * its references and what its fault and expectRequests steps target, all said at once.
 */
async function loadAll(files: string[], junit: string | undefined): Promise<Scenario[]> {
  // The standard input is read once: a second `-` would be an empty file.
  if (files.filter((f) => f === STDIN_FILE).length > 1) throw new CliError(`${STDIN_FILE} (la entrada estándar) solo puede nombrarse una vez`);
  // Loaded here, with the server a run loads anyway: the document's operations.
  const { targetProblems } = await import('../scenario/targets.ts');
  const unrun: UnrunFile[] = [];
  const scenarios = files.map((file) => {
    try {
      const scenario = loadScenario(file, targetProblems);
      unrun.push({ file, problems: null });
      return scenario;
    } catch (err) {
      if (!(err instanceof ScenarioFileError)) throw err;
      unrun.push({ file, problems: err.message });
      return null;
    }
  });
  const problems = unrun.flatMap((f) => (f.problems === null ? [] : [f.problems]));
  if (problems.length === 0) return scenarios as Scenario[];
  // The CI reading the report learns which files broke the run, not that the report is missing.
  if (junit) writeReport(junit, junitUnrunReport(unrun, 'el escenario no es válido'));
  throw new CliError(problems.join('\nerror: '));
}

async function runAll(files: string[], opts: RunOptions): Promise<ScenarioRun[]> {
  const scenarios = await loadAll(files, opts.junit);
  const progress: Progress = { started: false, ran: [], files: [] };
  // A signal stops the environments under the steps: the report says so, not what the steps met then.
  const forget = opts.junit
    ? onInterrupted((signal) => writeReport(opts.junit!, stoppedReport(files, progress, interruptedProblem(signal), true)))
    : () => undefined;
  try {
    return await runLoaded(scenarios, files, opts, progress);
  } catch (err) {
    // Ended by the interrupt's own exit (interrupt.ts), its report and its line written there.
    if (interruption() !== null) await new Promise<never>(() => undefined);
    if (opts.junit) writeReport(opts.junit, stoppedReport(files, progress, (err as Error).message));
    throw err;
  } finally {
    forget();
  }
}

async function runLoaded(scenarios: Scenario[], files: string[], opts: RunOptions, progress: Progress): Promise<ScenarioRun[]> {
  if (!opts.fresh && (opts.seed !== undefined || opts.clockStart !== undefined)) {
    throw new CliError('--seed y --clock-start solo se aplican con --fresh (un entorno en marcha ya tiene los suyos)');
  }
  const running = opts.fresh ? null : runningServeConfig();
  const options: RunFileOptions = running ? { fresh: false, config: running } : { fresh: true, ...freshSettings(opts) };
  const parallel = parallelism(opts.parallel);
  if (running && !opts.json) process.stdout.write(`${targetLine(running)}\n\n`);
  // Loaded on use: it pulls in the whole server and simulators, which every other command can skip.
  const { runLoadedScenario } = await import('../scenario/run-file.ts');
  // Each file runs in worlds of its own, so files side by side never see each other. Reports are
  // printed in the order of the files, each as soon as it and the ones before it are done.
  const outcomes = scenarios.map(() => settleLater<ScenarioRun>());
  progress.started = true;
  let next = 0;
  const workers = Array.from({ length: Math.min(parallel, scenarios.length) }, async () => {
    for (let i = next++; i < scenarios.length; i = next++) {
      // A file that could not run stops the run, as a signal does: no environment starts after it.
      if (interruption() !== null || progress.files.includes('failed')) return;
      progress.files[i] = 'running';
      await runLoadedScenario(scenarios[i], files[i], options).then((run) => {
        // Ended as a signal came: its environment stopped under it, whatever its steps met.
        progress.files[i] = interruption() !== null ? 'running' : run;
        outcomes[i].resolve(run);
      }, (err: unknown) => {
        progress.files[i] = 'failed';
        outcomes[i].reject(err);
      });
    }
  });
  for (const outcome of outcomes) {
    let run: ScenarioRun;
    try {
      run = await outcome.promise;
    } catch (err) {
      // The files already under way end first (they start no other): ended by the process's exit,
      // they left their temporary data dirs, and their worlds on a running serve.
      await Promise.allSettled(workers);
      throw err;
    }
    if (!opts.json) process.stdout.write(humanReport(run.transcript) + '\n\n');
    progress.ran.push(run);
  }
  await Promise.all(workers);
  return progress.ran;
}

/**
 * Which serve the files run against, said first: the worlds are made through its control API, so
 * FLEET_DATA_DIR plays no part, and a serve on another data dir would otherwise take the run unseen.
 */
export function targetLine(config: Pick<Config, 'serveUrl' | 'port'>): string {
  const chosenBy = process.env.FLEET_URL ? 'FLEET_URL' : `PORT=${config.port}`;
  return `Contra el serve de ${config.serveUrl} (${chosenBy}), en mundos nuevos creados por su API de control`;
}

/** A promise and its two ends (Promise.withResolvers, which Node 20 lacks). */
function settleLater<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // Awaited later, in file order: a failure must not count as unhandled before its turn comes.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** A report file the user named: a path that cannot be written is one clear line, not a stack trace. */
function writeReport(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (err) {
    throw new CliError(`no se pudo escribir ${file}: ${fileProblem(err, 'write')}`);
  }
}

function parallelism(text: string | undefined): number {
  if (text === undefined) return 1;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 32) throw new CliError(`--parallel debe ser un número entero de 1 a 32 (recibido: ${text})`);
  return Number(text);
}

/** The report files named on the command line, checked before the first step rather than after the last. */
function checkOutputs(opts: RunOptions): void {
  const problems = [opts.junit, opts.coverageOut]
    .filter((file) => file !== undefined)
    .map((file) => [file, writeProblem(file)])
    .filter(([, problem]) => problem !== null)
    .map(([file, problem]) => `no se podrá escribir ${file}: ${problem}`);
  if (problems.length) fail(problems.join('\nerror: '));
}

export const runScenarios = (files: string[], opts: RunOptions): Promise<void> => finishEvenIfReaderLeaves(() => runAndReport(files, opts));

async function runAndReport(files: string[], opts: RunOptions): Promise<void> {
  const minCoverage = parseMinCoverage(opts.minCoverage);
  if (opts.fresh && opts.keepWorlds) throw new CliError('--keep-worlds solo se aplica sin --fresh (un entorno nuevo se detiene con sus mundos)');
  checkOutputs(opts);
  // A report left by an earlier run must not pass for this one's, should this one end without its own (interrupted).
  if (opts.junit) rmSync(opts.junit, { force: true });
  const runs = await runAll(files, opts);
  const ok = runs.every((r) => r.transcript.ok);
  // The run's own worlds only: each file's tenants, added up.
  const coverage = mergeReports(runs.map((r) => r.coverage));
  const short = belowMinimum(coverage, minCoverage);
  const worlds = opts.fresh ? null : await cleanUpWorlds(runs, opts.keepWorlds === true);
  // `ok` is the exit code's verdict: every file passed and, with --min-coverage, the coverage reached it.
  const minimum = minCoverage === null ? {} : { minCoverage: { percent: minCoverage, met: short === null } };
  if (opts.json) printJson({ ok: ok && short === null, ...minimum, scenarios: runs.map((r) => r.transcript), coverage, ...(worlds && { worlds }) });
  else {
    // Short, so a failing step stays in view; every transition left to cover only for a passing run
    // that asks about coverage (--min-coverage): after one file tried by hand, the whole list buried
    // its report under dozens of lines it did not ask for.
    const shownNeverSeen = ok && minCoverage !== null ? Infinity : SHORT_COVERAGE;
    process.stdout.write(`${coverageLine(coverage, 'de esta ejecución')}\n${neverSeen(coverage, shownNeverSeen)}\n`);
    const shown = worlds ? worldsReport(worlds) : '';
    if (shown) process.stdout.write(`${shown}\n`);
  }
  if (opts.junit) writeReport(opts.junit, junitReport(runs));
  if (opts.coverageOut) writeReport(opts.coverageOut, JSON.stringify(coverage, null, 2) + '\n');
  const failed = runs.filter((r) => !r.transcript.ok).map((r) => r.transcript.file);
  const problems = [
    failed.length ? `${failed.length} de ${runs.length} escenarios fallaron: ${failed.join(', ')}` : null,
    short,
  ].filter((p) => p !== null);
  // One `error:` line for each reason the run failed.
  if (problems.length) fail(problems.join('\nerror: '));
}
