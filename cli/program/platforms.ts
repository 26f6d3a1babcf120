import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/platforms.ts'));

export function declarePlatforms(program: Command): void {
  const platforms = program.command('platforms').description("the simulated platforms' own records");

  platforms
    .command('show <platform>')
    .description('what the simulated platform itself holds now (vehicles, drivers, bindings), by the API ids')
    .option('--tenant <tenantId>', "only this tenant's records")
    .option('--json', 'print one JSON document')
    .action(run('showPlatform'));
}
