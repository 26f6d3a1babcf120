import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

export const declareRequests = (program: Command) =>
  declareCommands(program, () => import('../commands/requests.ts'), {
    requests: {
      does: 'el diario de peticiones de un mundo: lo que su código envió con sus claves y lo que recibió (docs/control-api.md)',
      run: 'showRequests',
      required: { '--tenant <tenantId>': 'el mundo (id del tenant)' },
      options: {
        '--method <method>': 'solo este método HTTP',
        '--path <path>': 'solo esta ruta: una plantilla (/v1/vehicles/{id}) o una ruta concreta',
        '--status <status>': 'solo este estado (404) o clase (4xx)',
        '--limit <n>': ['cuántas de las más recientes (1..100)', '25'],
        '--follow': 'después imprime las peticiones nuevas según llegan, hasta Ctrl-C',
      },
      json: 'imprime un documento JSON {data, hasMore}; con --follow, una línea JSON por petición',
    },
  });
