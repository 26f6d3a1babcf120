import type { Server } from 'node:http';
import { join } from 'node:path';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { loadClock } from './clock/clock-store.ts';
import { openDatabase, type Db } from './db/open.ts';
import { createSeededIds } from './lib/ids.ts';
import { createJsonLogger, type Logger } from './lib/logger.ts';
import { createTenantService } from './tenants/service.ts';

export interface ApiServer {
  port: number;
  db: Db;
  stop(): Promise<void>;
}

export const apiDatabaseFile = (dataDir: string) => join(dataDir, 'api.db');

/** Opens the data dir, seeds a new one, and listens on loopback. The only place that listens. */
export interface ApiServerOptions {
  simulatorsUrl: string;
  logger?: Logger;
}

export async function startApiServer(config: Config, options: ApiServerOptions): Promise<ApiServer> {
  const logger = options.logger ?? createJsonLogger();
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  const clock = loadClock(db, config.clockStart);
  const ids = createSeededIds(db, config.seed);
  const seeded = createTenantService({ db, clock, ids }).seedDemo();
  if (seeded) {
    process.stdout.write(
      `Tenant demo creado: ${seeded.tenant.name} (${seeded.tenant.id})\n` +
        `Clave de API de prueba (se muestra una sola vez): ${seeded.key.key}\n`,
    );
  }
  const app = createApp({ db, clock, ids, seed: config.seed, logger, rateLimit: config.rateLimit, realNowMs: Date.now });
  const server = await listen(app, config.port);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    db,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}

function listen(app: ReturnType<typeof createApp>, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, '127.0.0.1', () => resolve(server));
    server.once('error', reject);
  });
}
