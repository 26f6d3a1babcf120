import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/coverage.ts'));

export function declareCoverage(program: Command): void {
  program
    .command('coverage')
    .description('which state transitions of spec §3 happened, with counts and the ones never seen (docs/coverage.md)')
    .option('--tenant <tenantId>', "only this tenant's world")
    .option('--json', 'print one JSON document: {covered, total, transitions}')
    .action(run('showCoverage'));
}
