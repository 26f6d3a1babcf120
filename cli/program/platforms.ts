import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declarePlatforms = (program: Command) =>
  declareGroup(program, 'platforms', 'los registros propios de las plataformas simuladas', () => import('../commands/platforms.ts'), {
    'show <platform>': {
      does: 'lo que la plataforma simulada tiene ahora (vehículos, conductores, vínculos), con los ids de la API, su tenant, placa y nombre',
      run: 'showPlatform',
      options: { '--tenant <tenantId>': 'solo los registros de este tenant' },
    },
  });
