import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/clock.ts'));
const tenantOption = '--tenant <id>';
const tenantHelp = "a tenant's own clock (its world) instead of the service time";

export function declareClock(program: Command): void {
  const clock = program
    .command('clock')
    .description('the simulated clock: the service time, shared by every tenant, plus each tenant\'s own offset');

  clock
    .command('now')
    .description('print the simulated time (of one tenant with --tenant)')
    .option(tenantOption, tenantHelp)
    .option('--json', 'print one JSON document')
    .action(run('clockNow'));

  clock
    .command('advance <duration>')
    .description('move simulated time forward (45m, 6h, 3d): every tenant, or one with --tenant; everything due has happened on return')
    .option(tenantOption, tenantHelp)
    .option('--json', 'print one JSON document')
    .action(run('clockAdvance'));
}
