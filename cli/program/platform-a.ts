import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const answer = (verb: string) => `the driver ${verb} the invitation in the platform app (the API sees it through refresh)`;

export const declarePlatformA = (program: Command) =>
  declareGroup(program, 'platform-a', 'act as platform_a: its reviewers and its drivers', () => import('../commands/platform-a.ts'), {
    'review <vehicleId>': {
      does: 'platform_a decides the pending review of a vehicle now (the API sees it through refresh)',
      run: 'review',
      required: { '--verdict <verdict>': 'approved or rejected' },
      options: { '--card <verdict>': 'the circulation card verdict: approved or rejected' },
    },
    'accept <driverId>': { does: answer('accepts'), run: 'accept' },
    'decline <driverId>': { does: answer('declines'), run: 'decline' },
  });
