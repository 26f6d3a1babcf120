import { writeFileSync } from 'node:fs';
import { cliConfig } from '../environment.ts';
import { CliError, fail, printJson } from '../output.ts';
import { junitReport } from '../scenario/junit.ts';
import { loadScenario, ScenarioFileError } from '../scenario/load.ts';
import { humanReport } from '../scenario/report.ts';
import type { RunFileOptions } from '../scenario/run-file.ts';
import type { ScenarioRun } from '../scenario/runner.ts';
import { belowMinimum, parseMinCoverage } from '../scenario/coverage.ts';
import { mergeReports } from '../../server/coverage/report.ts';
import { coverageLine, neverSeen } from './coverage.ts';

interface RunOptions {
  fresh?: boolean;
  parallel?: string;
  seed?: string;
  clockStart?: string;
  json?: boolean;
  junit?: string;
  coverageOut?: string;
  minCoverage?: string;
}

/** --seed and --clock-start, else FLEET_SEED and FLEET_CLOCK_START, else the file's, else fixed defaults. */
function freshSettings(opts: RunOptions): Pick<RunFileOptions, 'seed' | 'clockStart' | 'rateLimit'> {
  const config = cliConfig();
  if (opts.seed !== undefined && !/^-?\d+$/.test(opts.seed)) throw new CliError(`--seed debe ser un número entero (recibido: ${opts.seed})`);
  if (opts.clockStart !== undefined && Number.isNaN(Date.parse(opts.clockStart))) {
    throw new CliError(`--clock-start debe ser una fecha-hora ISO (recibido: ${opts.clockStart})`);
  }
  return {
    seed: opts.seed !== undefined ? Number(opts.seed) : process.env.FLEET_SEED ? config.seed : undefined,
    clockStart: opts.clockStart ?? config.clockStart ?? undefined,
    rateLimit: process.env.FLEET_RATE_LIMIT ? config.rateLimit : undefined,
  };
}

async function runAll(files: string[], opts: RunOptions): Promise<ScenarioRun[]> {
  // Every file is validated before the first one runs: a typo in the last file fails in a second, not after a run.
  const scenarios = files.map((file) => {
    try {
      return loadScenario(file);
    } catch (err) {
      if (err instanceof ScenarioFileError) throw new CliError(err.message);
      throw err;
    }
  });
  if (!opts.fresh && (opts.seed !== undefined || opts.clockStart !== undefined)) {
    throw new CliError('--seed y --clock-start solo se aplican con --fresh (un entorno en marcha ya tiene los suyos)');
  }
  const options: RunFileOptions = opts.fresh ? { fresh: true, ...freshSettings(opts) } : { fresh: false, config: cliConfig() };
  const parallel = parallelism(opts.parallel);
  // Loaded on use: it pulls in the whole server and simulators, which every other command can skip.
  const { runLoadedScenario } = await import('../scenario/run-file.ts');
  // Each file runs in worlds of its own, so files side by side never see each other. Reports are
  // printed in the order of the files, each as soon as it and the ones before it are done.
  const outcomes = scenarios.map(() => settleLater<ScenarioRun>());
  let next = 0;
  const workers = Array.from({ length: Math.min(parallel, scenarios.length) }, async () => {
    for (let i = next++; i < scenarios.length; i = next++) {
      await runLoadedScenario(scenarios[i], files[i], options).then(outcomes[i].resolve, outcomes[i].reject);
    }
  });
  const runs: ScenarioRun[] = [];
  for (const outcome of outcomes) {
    const run = await outcome.promise;
    if (!opts.json) process.stdout.write(humanReport(run.transcript) + '\n\n');
    runs.push(run);
  }
  await Promise.all(workers);
  return runs;
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
    throw new CliError(`no se pudo escribir ${file}: ${(err as Error).message}`);
  }
}

function parallelism(text: string | undefined): number {
  if (text === undefined) return 1;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 32) throw new CliError(`--parallel debe ser un número entero de 1 a 32 (recibido: ${text})`);
  return Number(text);
}

export async function runScenarios(files: string[], opts: RunOptions): Promise<void> {
  const minCoverage = parseMinCoverage(opts.minCoverage);
  const runs = await runAll(files, opts);
  const ok = runs.every((r) => r.transcript.ok);
  // The run's own worlds only: each file's tenants, added up.
  const coverage = mergeReports(runs.map((r) => r.coverage));
  if (opts.json) printJson({ ok, scenarios: runs.map((r) => r.transcript), coverage });
  else process.stdout.write(`${coverageLine(coverage, 'de esta ejecución')}\n${neverSeen(coverage)}\n`);
  if (opts.junit) writeReport(opts.junit, junitReport(runs));
  if (opts.coverageOut) writeReport(opts.coverageOut, JSON.stringify(coverage, null, 2) + '\n');
  const failed = runs.filter((r) => !r.transcript.ok).map((r) => r.transcript.file);
  const problems = [
    failed.length ? `${failed.length} de ${runs.length} escenarios fallaron: ${failed.join(', ')}` : null,
    belowMinimum(coverage, minCoverage),
  ].filter((p) => p !== null);
  // One `error:` line for each reason the run failed.
  if (problems.length) fail(problems.join('\nerror: '));
}
