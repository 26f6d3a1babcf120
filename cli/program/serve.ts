import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

const environment = 'PORT, FLEET_DATA_DIR, FLEET_SEED, FLEET_CLOCK_START, FLEET_RATE_LIMIT, FLEET_HOST, FLEET_CONTROL_TOKEN, FLEET_CORS_ORIGINS';

export const declareServe = (program: Command) =>
  declareCommands(program, () => import('../commands/serve.ts'), {
    serve: { does: `inicia la API y los simuladores de las plataformas (${environment})`, run: 'serve', json: false },
  });
