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

/** The control token, when set, on every /_testbed call (contract §4). */
export function controlHeaders(config: Config): Record<string, string> {
  return config.controlToken === null ? {} : { authorization: `Bearer ${config.controlToken}` };
}

/** Calls the running serve's control surface: on loopback at PORT, or at FLEET_URL. */
export async function callTestbed<T>(path: string, init: { method?: string; body?: unknown } = {}, config = cliConfig()): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${config.serveUrl}/_testbed${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...controlHeaders(config), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new CliError(`no hay un testbed escuchando en ${config.serveUrl}; inicia "fleet-sim serve" (PORT=${config.port}) o revisa FLEET_URL.`);
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new CliError(body?.error?.message ?? `el testbed respondió ${res.status}`);
  return body as T;
}
