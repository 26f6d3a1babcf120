import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareJobs = (program: Command) =>
  declareGroup(program, 'jobs', 'batch jobs of the running serve', () => import('../commands/jobs.ts'), {
    'watch <jobId>': {
      does: 'show a live progress bar until the job ends (completed or failed)',
      run: 'watchJob',
      options: { '--interval <ms>': ['polling period in milliseconds', '250'] },
      json: 'print the final job as one JSON document',
    },
  });
