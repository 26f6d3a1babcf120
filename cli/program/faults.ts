import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const tenant = { '--tenant <tenantId>': 'el mundo (id del tenant)' };

export const declareFaults = (program: Command) =>
  declareGroup(program, 'faults', 'fallas de un mundo: las respuestas de la API a sus peticiones fallan, esperan o se cortan, o una plataforma falla solo para él', () => import('../commands/faults.ts'), {
    add: {
      does: 'añade una regla de falla (se prueban en el orden en que se crearon), o con --platform una falla de plataforma solo para este mundo',
      run: 'addFault',
      required: tenant,
      options: {
        '--effect <effect>': 'rate_limited, unavailable, internal, delay o reset',
        '--operation <operationId>': 'un operationId de /v1/openapi.json, p. ej. createVehicle',
        '--method <method>': 'GET, POST, PUT, PATCH o DELETE',
        '--path <path>': 'una plantilla de ruta (/v1/vehicles/{id}) o una ruta concreta',
        '--all': 'la regla falla todas las peticiones del mundo (sin --operation, --method ni --path hay que pedirlo así)',
        '--times <n>': 'falla tantas peticiones que coincidan, y la regla se agota (1..1000000)',
        '--after <k>': 'deja pasar las primeras K peticiones que coincidan (0..1000000)',
        '--probability <p>': 'de 0 a 1, sorteada con la secuencia con semilla del mundo (por omisión 1)',
        '--retry-after <s>': 'segundos de Retry-After de rate_limited y unavailable (0..3600, por omisión 1)',
        '--delay-ms <ms>': 'espera en tiempo real del efecto delay (1..60000)',
        '--when <when>': 'before (no se procesa nada, por omisión) o after (se procesa y se pierde su respuesta)',
        '--platform <platform>': 'platform_a o platform_b: una falla de plataforma en vez de una regla',
        '--mode <mode>': 'con --platform: error, slow o none',
        '--ms <ms>': 'con --platform y slow: cuánto espera cada llamada',
      },
    },
    list: { does: 'las reglas del mundo con sus aciertos y las fallas que les quedan, y sus fallas de plataforma', run: 'listFaults', required: tenant },
    clear: { does: 'quita todas las reglas y fallas de plataforma del mundo', run: 'clearFaults', required: tenant },
    'remove <faultId>': { does: 'quita una regla', run: 'removeFault', required: tenant },
  });
