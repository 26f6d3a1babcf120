import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const answer = (verb: string) => `el conductor ${verb} la invitación en la app de la plataforma (la API lo ve con refresh)`;

export const declarePlatformA = (program: Command) =>
  declareGroup(program, 'platform-a', 'actúa como platform_a: sus revisores y sus conductores', () => import('../commands/platform-a.ts'), {
    'review <vehicleId>': {
      does: 'platform_a decide ahora la revisión pendiente de un vehículo (la API lo ve con refresh)',
      run: 'review',
      required: { '--verdict <verdict>': 'approved o rejected' },
      options: { '--card <verdict>': 'el veredicto de la tarjeta de circulación: approved o rejected' },
    },
    'accept <driverId>': { does: answer('acepta'), run: 'accept' },
    'decline <driverId>': { does: answer('rechaza'), run: 'decline' },
  });
