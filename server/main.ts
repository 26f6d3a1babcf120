import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { apiDatabaseFile, type Config } from './config.ts';
import { loadClock } from './lib/clock-store.ts';
import { createClocks } from './lib/clocks.ts';
import { openDatabase, type Db } from './db/open.ts';
import type { Deps } from './deps.ts';
import { createSeededIds } from './lib/ids.ts';
import { createJsonLogger, type Logger } from './lib/logger.ts';
import { createPlatformClients } from './platforms/clients.ts';
import { createServices } from './services.ts';

export interface ApiServer {
  port: number;
  db: Db;
  stop(): Promise<void>;
}

export interface ApiServerOptions {
  simulatorsUrl: string;
  logger?: Logger;
  /** Real-time period of the background sync with the platforms. */
  syncEveryMs?: number;
}


/** Opens the data dir, seeds a new one, and listens on loopback. The only place that listens. */
export async function startApiServer(config: Config, options: ApiServerOptions): Promise<ApiServer> {
  const logger = options.logger ?? createJsonLogger();
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  const clocks = createClocks(db, loadClock(db, config.clockStart));
  const ids = createSeededIds(db, config.seed);
  const platforms = createPlatformClients(options.simulatorsUrl, config.platformTimeoutMs);
  const deps: Deps = { db, clocks, ids, seed: config.seed, logger, rateLimit: config.rateLimit, realNowMs: Date.now, ...platforms };
  const services = createServices(deps);
  announceDemo(services.tenants.seedDemo());
  // The API owns simulated time: the simulators start from the same instant it does, in every world.
  await platforms.simulators.setClock({ ...clocks.service.getState(), fleets: clocks.offsets() });

  const server = await listen(createApp(deps, services), config.port);
  const timer = setInterval(() => void services.sync.runDue(), options.syncEveryMs ?? 1000);
  // Resumes the jobs a previous run left open (killed or stopped mid-way).
  services.jobs.start();
  return {
    port: (server.address() as { port: number }).port,
    db,
    async stop() {
      clearInterval(timer);
      const jobsStopped = services.jobs.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await services.sync.idle();
      await jobsStopped;
      await services.rideIngestion.close();
      db.close();
    },
  };
}

function announceDemo(seeded: ReturnType<ReturnType<typeof createServices>['tenants']['seedDemo']>): void {
  if (!seeded) return;
  process.stdout.write(
    `Tenant demo creado: ${seeded.tenant.name} (${seeded.tenant.id})\n` +
      `Clave de API de prueba (se muestra una sola vez): ${seeded.key.key}\n`,
  );
}

function listen(app: ReturnType<typeof createApp>, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, '127.0.0.1', () => resolve(server));
    server.once('error', reject);
  });
}
