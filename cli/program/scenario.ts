import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareScenario = (program: Command) =>
  declareGroup(program, 'scenario', 'scenario files: API calls, control steps and expectations (docs/scenarios.md)', () => import('../commands/scenario.ts'), {
    'run <files...>': {
      does: 'run scenario files against the running serve, or with --fresh against a new temporary one',
      run: 'runScenarios',
      options: {
        '--fresh': 'start a new environment on a temporary data dir for each file, and stop it after',
        '--parallel <n>': 'run up to N files at once (each in worlds of its own)',
        '--seed <n>': 'with --fresh: FLEET_SEED of the new environment',
        '--clock-start <iso>': 'with --fresh: FLEET_CLOCK_START of the new environment',
        '--junit <file>': 'also write a JUnit XML report to this file',
        '--coverage-out <file>': "also write the run's transition coverage as JSON to this file (docs/coverage.md)",
        '--min-coverage <percent>': 'fail the run when its transition coverage is below this percentage',
      },
      json: 'print one JSON document: {ok, scenarios: [transcript], coverage}',
    },
  });
