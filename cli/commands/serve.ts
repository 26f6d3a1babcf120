import type { Command } from 'commander';
import { cliConfig } from '../environment.ts';
import { startCompanion } from '../lib/companion.ts';
import { action } from '../output.ts';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the API and the platform simulators (PORT, FLEET_DATA_DIR, FLEET_SEED, FLEET_CLOCK_START, FLEET_RATE_LIMIT)')
    .action(
      action(async () => {
        const config = cliConfig();
        // The simulators start while this process loads the server: two cold starts overlap.
        const starting = startCompanion({
          ...process.env,
          FLEET_DATA_DIR: config.dataDir,
          FLEET_SEED: String(config.seed),
          FLEET_SIM_PORT: String(config.simPort),
          FLEET_SIM_EXIT_WITH_PARENT: '1',
        });
        const { startApiServer } = await import('../../server/main.ts');
        const companion = await starting;
        let api;
        try {
          api = await startApiServer(config, { simulatorsUrl: companion.baseUrl });
        } catch (err) {
          await companion.stop();
          throw err;
        }
        process.stdout.write(`Fleet testbed listening on http://127.0.0.1:${api.port} (simulators: ${companion.baseUrl})\n`);
        let stopping = false;
        const shutdown = async () => {
          if (stopping) return;
          stopping = true;
          await Promise.allSettled([api.stop(), companion.stop()]);
          process.exit(0);
        };
        process.on('SIGINT', shutdown);
        process.on('SIGTERM', shutdown);
      }),
    );
}
