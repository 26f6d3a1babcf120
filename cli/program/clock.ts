import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const tenant = { '--tenant <id>': "a tenant's own clock (its world) instead of the service time" };

export const declareClock = (program: Command) =>
  declareGroup(program, 'clock', "the simulated clock: the service time, shared by every tenant, plus each tenant's own offset", () => import('../commands/clock.ts'), {
    now: { does: 'print the simulated time (of one tenant with --tenant)', run: 'clockNow', options: tenant },
    'advance <duration>': {
      does: 'move simulated time forward (45m, 6h, 3d): every tenant, or one with --tenant; everything due has happened on return',
      run: 'clockAdvance',
      options: tenant,
    },
  });
