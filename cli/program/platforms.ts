import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declarePlatforms = (program: Command) =>
  declareGroup(program, 'platforms', "the simulated platforms' own records", () => import('../commands/platforms.ts'), {
    'show <platform>': {
      does: 'what the simulated platform itself holds now (vehicles, drivers, bindings), by the API ids',
      run: 'showPlatform',
      options: { '--tenant <tenantId>': "only this tenant's records" },
    },
  });
