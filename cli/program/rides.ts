import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/rides.ts'));

export function declareRides(program: Command): void {
  const rides = program.command('rides').description('rides and daily earnings on the simulated platforms');

  rides
    .command('generate')
    .description('the platforms produce the rides of those days (inclusive) for the tenant, and the API ingests them')
    .requiredOption('--tenant <tenantId>', 'tenant id')
    .requiredOption('--from <date>', 'first day, YYYY-MM-DD (Mexico City)')
    .requiredOption('--to <date>', 'last day, YYYY-MM-DD (Mexico City), included; generation stops at today, and a window after today is an error')
    .option('--json', 'print one JSON document')
    .action(run('generateRides'));
}
