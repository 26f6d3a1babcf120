import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/serve.ts'));

export function declareServe(program: Command): void {
  program
    .command('serve')
    .description(
      'start the API and the platform simulators (PORT, FLEET_DATA_DIR, FLEET_SEED, FLEET_CLOCK_START, FLEET_RATE_LIMIT, ' +
        'FLEET_HOST, FLEET_CONTROL_TOKEN, FLEET_CORS_ORIGINS)',
    )
    .action(run('serve'));
}
