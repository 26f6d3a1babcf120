import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/jobs.ts'));

export function declareJobs(program: Command): void {
  const jobs = program.command('jobs').description('batch jobs of the running serve');

  jobs
    .command('watch <jobId>')
    .description('show a live progress bar until the job ends (completed or failed)')
    .option('--interval <ms>', 'polling period in milliseconds', '250')
    .option('--json', 'print the final job as one JSON document')
    .action(run('watchJob'));
}
