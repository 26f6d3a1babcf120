import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const tenant = { '--tenant <id>': 'el reloj propio de un tenant (su mundo) en vez de la hora del servicio' };

export const declareClock = (program: Command) =>
  declareGroup(program, 'clock', 'el reloj simulado: la hora del servicio, común a todos los tenants, más el desfase propio de cada tenant', () => import('../commands/clock.ts'), {
    now: { does: 'imprime la hora simulada (la de un tenant con --tenant)', run: 'clockNow', options: tenant },
    'advance <duration>': {
      does: 'adelanta la hora simulada (45m, 6h, 3d): todos los tenants, o uno con --tenant; al volver, todo lo pendiente ya ocurrió',
      run: 'clockAdvance',
      options: tenant,
    },
  });
