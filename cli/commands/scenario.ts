import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { cliConfig } from '../environment.ts';
import { action, CliError, fail } from '../output.ts';
import { junitReport } from '../scenario/junit.ts';
import { loadScenario, ScenarioFileError } from '../scenario/load.ts';
import { humanReport } from '../scenario/report.ts';
import type { RunFileOptions } from '../scenario/run-file.ts';
import type { ScenarioRun } from '../scenario/runner.ts';

interface RunOptions {
  fresh?: boolean;
  seed?: string;
  clockStart?: string;
  json?: boolean;
  junit?: string;
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
  const runs: ScenarioRun[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    // Loaded on use: it pulls in the whole server and simulators, which every other command can skip.
    const { runLoadedScenario } = await import('../scenario/run-file.ts');
    const run = await runLoadedScenario(scenario, files[i], options);
    if (!opts.json) process.stdout.write(humanReport(run.transcript) + '\n\n');
    runs.push(run);
  }
  return runs;
}

export function registerScenario(program: Command): void {
  const scenario = program.command('scenario').description('scenario files: API calls, control steps and expectations (docs/scenarios.md)');

  scenario
    .command('run <files...>')
    .description('run scenario files against the running serve, or with --fresh against a new temporary one')
    .option('--fresh', 'start a new environment on a temporary data dir for each file, and stop it after')
    .option('--seed <n>', 'with --fresh: FLEET_SEED of the new environment')
    .option('--clock-start <iso>', 'with --fresh: FLEET_CLOCK_START of the new environment')
    .option('--junit <file>', 'also write a JUnit XML report to this file')
    .option('--json', 'print one JSON document: {ok, scenarios: [transcript]}')
    .action(
      action(async (files: string[], opts: RunOptions) => {
        const runs = await runAll(files, opts);
        const ok = runs.every((r) => r.transcript.ok);
        if (opts.json) process.stdout.write(JSON.stringify({ ok, scenarios: runs.map((r) => r.transcript) }, null, 2) + '\n');
        if (opts.junit) writeFileSync(opts.junit, junitReport(runs));
        const failed = runs.filter((r) => !r.transcript.ok).map((r) => r.transcript.file);
        if (failed.length) fail(`${failed.length} de ${runs.length} escenarios fallaron: ${failed.join(', ')}`);
      }),
    );
}
