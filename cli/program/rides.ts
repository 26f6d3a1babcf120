import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareRides = (program: Command) =>
  declareGroup(program, 'rides', 'rides and daily earnings on the simulated platforms', () => import('../commands/rides.ts'), {
    generate: {
      does: 'the platforms produce the rides of those days (inclusive) for the tenant, and the API ingests them',
      run: 'generateRides',
      required: {
        '--tenant <tenantId>': 'tenant id',
        '--from <date>': 'first day, YYYY-MM-DD (Mexico City)',
        '--to <date>': 'last day, YYYY-MM-DD (Mexico City), included; generation stops at today, and a window after today is an error',
      },
    },
  });
