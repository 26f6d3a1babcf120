import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/platform-a.ts'));

export function declarePlatformA(program: Command): void {
  const platformA = program.command('platform-a').description('act as platform_a: its reviewers and its drivers');

  platformA
    .command('review <vehicleId>')
    .description('platform_a decides the pending review of a vehicle now (the API sees it through refresh)')
    .requiredOption('--verdict <verdict>', 'approved or rejected')
    .option('--card <verdict>', 'the circulation card verdict: approved or rejected')
    .option('--json', 'print one JSON document')
    .action(run('review'));

  for (const name of ['accept', 'decline'] as const) {
    platformA
      .command(`${name} <driverId>`)
      .description(`the driver ${name}s the invitation in the platform app (the API sees it through refresh)`)
      .option('--json', 'print one JSON document')
      .action(run(name));
  }
}
