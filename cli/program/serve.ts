import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

/** Every variable serve reads, as README.md's «Configuration» table lists them (test/unit/cli-serve-help.test.ts keeps both in step). */
export const SERVE_ENVIRONMENT = [
  'PORT', 'FLEET_DATA_DIR', 'FLEET_SEED', 'FLEET_CLOCK_START', 'FLEET_RATE_LIMIT', 'FLEET_JOURNAL_MB', 'FLEET_SIM_PORT',
  'FLEET_PLATFORM_TIMEOUT_MS', 'FLEET_RETRY_AFTER_S', 'FLEET_SIM_PROBE_EVERY_MS', 'FLEET_SIM_PROBE_TIMEOUT_MS', 'FLEET_SIM_HUNG_AFTER_MS',
  'FLEET_HOST', 'FLEET_CONTROL_TOKEN', 'FLEET_CORS_ORIGINS', 'FLEET_EXIT_WITH_PARENT', 'FLEET_THROWAWAY_DATA_DIR',
] as const;
const environment = `${SERVE_ENVIRONMENT.join(', ')}; qué hace cada una: README, «Configuration»`;

export const declareServe = (program: Command) =>
  declareCommands(program, () => import('../commands/serve.ts'), {
    serve: { does: `inicia la API y los simuladores de las plataformas (${environment})`, summary: 'inicia la API y los simuladores de las plataformas', run: 'serve', json: false },
  });
