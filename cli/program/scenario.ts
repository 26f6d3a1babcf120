import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/scenario.ts'));

export function declareScenario(program: Command): void {
  const scenario = program.command('scenario').description('scenario files: API calls, control steps and expectations (docs/scenarios.md)');

  scenario
    .command('run <files...>')
    .description('run scenario files against the running serve, or with --fresh against a new temporary one')
    .option('--fresh', 'start a new environment on a temporary data dir for each file, and stop it after')
    .option('--parallel <n>', 'run up to N files at once (each in worlds of its own)', undefined)
    .option('--seed <n>', 'with --fresh: FLEET_SEED of the new environment')
    .option('--clock-start <iso>', 'with --fresh: FLEET_CLOCK_START of the new environment')
    .option('--junit <file>', 'also write a JUnit XML report to this file')
    .option('--json', 'print one JSON document: {ok, scenarios: [transcript], coverage}')
    .option('--coverage-out <file>', "also write the run's transition coverage as JSON to this file (docs/coverage.md)")
    .option('--min-coverage <percent>', 'fail the run when its transition coverage is below this percentage')
    .action(run('runScenarios'));
}
