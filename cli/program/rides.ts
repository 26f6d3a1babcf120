import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareRides = (program: Command) =>
  declareGroup(program, 'rides', 'viajes y ganancias diarias en las plataformas simuladas', () => import('../commands/rides.ts'), {
    generate: {
      does: 'las plataformas producen los viajes de esos días (inclusive) del tenant y la API los ingiere',
      run: 'generateRides',
      required: {
        '--tenant <tenantId>': 'id del tenant',
        '--from <date>': 'primer día, YYYY-MM-DD (Ciudad de México)',
        '--to <date>': 'último día, YYYY-MM-DD (Ciudad de México), incluido; se genera hasta hoy, y una ventana posterior a hoy es un error',
      },
    },
  });
