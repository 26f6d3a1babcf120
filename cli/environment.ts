import { readConfig, type Config } from '../server/config.ts';
import { requestJson, type JsonAnswer } from './lib/http-json.ts';
import { CliError } from './output.ts';
import { servePortOf } from './lib/serve-port.ts';
import { surfaceAtEnd } from '../server/lib/serve-url.ts';

// Loaded by every command that talks to a running serve: only the config and an HTTP client here.
// What opens the data dir itself is in lib/tenant-service.ts.

/** Commands honour PORT and FLEET_DATA_DIR exactly as serve does (contract §2). */
export function cliConfig(): Config {
  try {
    return readConfig();
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

/**
 * The config of a command that calls the running serve. PORT=0 lets serve take any free port: the
 * command then finds the one the data dir's serve took (`serve.port`), as the same two exported
 * variables are meant to point it at that serve.
 */
export function runningServeConfig(): Config {
  const config = cliConfig();
  // Checked here, by the commands that call it, not by serve, which calls no other serve: a shell
  // may hold a FLEET_URL ending in /v1 for an app's own use.
  const surface = remoteServe() ? surfaceAtEnd(config.serveUrl) : null;
  if (surface) throw new CliError(`FLEET_URL es la raíz del serve, sin ${surface}: p. ej. ${config.serveUrl.slice(0, -surface.length)} (cada comando añade la ruta que llama)`);
  if (config.port !== 0 || remoteServe()) return config;
  const port = servePortOf(config.dataDir);
  if (port === null) {
    throw new CliError(`PORT=0: ningún "fleet-sim serve" de ${config.dataDir} dijo en qué puerto escucha; inícialo con el mismo FLEET_DATA_DIR, o fija PORT.`);
  }
  return { ...config, port, serveUrl: `http://127.0.0.1:${port}` };
}

/** The control token, when set, on every /_testbed call (contract §4). */
export function controlHeaders(config: Config): Record<string, string> {
  return config.controlToken === null ? {} : { authorization: `Bearer ${config.controlToken}` };
}

/**
 * The state a piece of work started on: the testbed's (server/snapshots/generation.ts), and its
 * world's, on the calls about one world (server/world-snapshots/world-generation.ts).
 */
const STATE_HEADERS = ['x-testbed-generation', 'x-testbed-world-generation'] as const;

/**
 * Work of several calls passes the same object to each: the first answer's state is kept in it and
 * sent with the next calls, which the serve refuses (409 CONFLICT) once a reset or restore (of the
 * testbed, or of the work's world) replaced it.
 */
export type StateSeen = { [header in (typeof STATE_HEADERS)[number]]?: string };

/** Calls the running serve's control surface: on loopback at PORT, or at FLEET_URL. */
export async function callTestbed<T>(path: string, init: { method?: string; body?: unknown; state?: StateSeen } = {}, config = runningServeConfig()): Promise<T> {
  let answer: JsonAnswer;
  const expected: Record<string, string> = { ...init.state };
  try {
    answer = await requestJson(`${config.serveUrl}/_testbed${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...controlHeaders(config), ...expected, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new CliError(`${noServeAt(config)}.`);
  }
  const body = answer.body as { error?: { code?: string; message?: string } } | null;
  if (answer.status < 200 || answer.status > 299) {
    // A testbed's refusals always come in its envelope (as the testing library says: testing/control.ts).
    if (typeof body?.error?.message !== 'string') {
      throw new CliError(`${config.serveUrl}/_testbed${path} respondió ${answer.status} sin el sobre de error de un testbed: ¿es ${config.serveUrl} un fleet testbed? (PORT o FLEET_URL)`);
    }
    throw new CliError(body.error.message, body.error.code ?? null);
  }
  for (const header of STATE_HEADERS) {
    const value = answer.headers[header];
    if (init.state && typeof value === 'string') init.state[header] ??= value;
  }
  return body as T;
}

/** No serve answers where the command points, and what to do: FLEET_URL wins over PORT, so the hint names what points it there. */
export const noServeAt = (config: Config): string =>
  `no hay un testbed escuchando en ${config.serveUrl}; ${remoteServe() ? 'revisa FLEET_URL o inicia allí "fleet-sim serve"' : localFix(config)}`;

/** What to do when no serve answers at PORT: the data dir's serve may be listening on another. */
function localFix(config: Config): string {
  const elsewhere = servePortOf(config.dataDir);
  if (elsewhere !== null && elsewhere !== config.port) return `el serve de ${config.dataDir} escucha en el puerto ${elsewhere}: usa PORT=${elsewhere} (o PORT=0)`;
  return `inicia "fleet-sim serve" (PORT=${config.port}) o revisa PORT`;
}

/**
 * FLEET_URL names a serve elsewhere, and points every command there (contract §4): the commands that
 * otherwise write the data dir themselves (tenants create and approve, keys create and revoke) then
 * go through its control API. Before, they wrote a data dir of this machine that no serve read, and
 * said the tenant was made.
 */
export const remoteServe = (env: NodeJS.ProcessEnv = process.env): boolean => (env.FLEET_URL ?? '') !== '';

type TenantService = import('./lib/tenant-service.ts').TenantService;

/** One call of the tenant service on the data dir; the database layer is loaded by these commands only. */
export async function withTenantService<T>(use: (tenants: TenantService) => T): Promise<T> {
  return (await import('./lib/tenant-service.ts')).withTenantService(use);
}
