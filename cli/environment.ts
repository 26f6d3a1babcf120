import { apiDatabaseFile, readConfig, type Config } from '../server/config.ts';
import { openDatabase, type Db } from '../server/db/open.ts';
import { loadClock } from '../server/lib/clock-store.ts';
import { createClocks } from '../server/lib/clocks.ts';
import { createSeededIds } from '../server/lib/ids.ts';
import { createTenantService } from '../server/tenants/service.ts';
import { CliError } from './output.ts';

/** Commands honour PORT and FLEET_DATA_DIR exactly as serve does (contract §2). */
export function cliConfig(): Config {
  try {
    return readConfig();
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

/** Tenants and keys are written straight to the data dir, so they work with or without a running serve. */
export function openTenantService(config: Config = cliConfig()): { db: Db; tenants: ReturnType<typeof createTenantService> } {
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  const clocks = createClocks(db, loadClock(db, config.clockStart));
  const ids = createSeededIds(db, config.seed);
  return { db, tenants: createTenantService({ db, clocks, ids }) };
}

/** Calls the running serve's loopback control surface. */
export async function callTestbed<T>(path: string, init: { method?: string; body?: unknown } = {}, config = cliConfig()): Promise<T> {
  const url = `http://127.0.0.1:${config.port}/_testbed${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new CliError(`no hay un testbed escuchando en http://127.0.0.1:${config.port}; inicia "fleet-sim serve" (PORT=${config.port}).`);
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new CliError(body?.error?.message ?? `el testbed respondió ${res.status}`);
  return body as T;
}
