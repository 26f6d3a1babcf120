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
        '--operation <operationId>': 'solo las de esta operación: un operationId de /v1/openapi.json, p. ej. createVehicle',
        '--status <status>': 'solo este estado (404), clase (4xx) o none (sin respuesta)',
        '--limit <n>': 'cuántas de las más recientes (1..100; 25 si no se da); no con --har, que las exporta todas',
        '--starting-after <entryId>': 'la página siguiente: las anteriores a esta entrada (el id de la última mostrada, p. ej. je_42); no con --follow',
        '--follow': 'después imprime las peticiones nuevas según llegan, hasta Ctrl-C',
        '--har <file>': 'exporta todas las que cumplen el filtro, de la más antigua a la más reciente, como HAR 1.2 a ese archivo (- para stdout): en el navegador, Red → Importar HAR',
      },
      json: 'imprime un documento JSON {data, hasMore}; con --follow, una línea JSON por petición; con --har FILE, {file, entries} (con --har -, el HAR)',
    },
  });
