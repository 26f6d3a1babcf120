import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { serviceModeProblem, type Config } from '../../server/config.ts';
import { cliConfig } from '../environment.ts';
import { startCompanion } from '../lib/companion.ts';
import { checkDatabases, prepareDataDir } from '../lib/data-dir.ts';
import { takeDataDirLock, type DataDirLock } from '../lib/data-dir-lock.ts';
import { onStopRequest } from '../lib/stop-request.ts';
import { CliError } from '../output.ts';
import { NO_TEMP_DIR_WARNING, sqliteTempDir } from '../../server/lib/temp-dir.ts';

/**
 * Everything that can be refused is refused before a process starts or a database is opened for
 * writing, each with one line: the host, the data dir, its lock, then damage in its databases.
 */
export async function serve(): Promise<void> {
  const config = cliConfig();
  const unsafe = serviceModeProblem(config);
  if (unsafe !== null) throw new CliError(unsafe);
  // A start refused once the data dir is made (a port taken) must not leave one the user never had.
  const madeNow = !existsSync(config.dataDir);
  prepareDataDir(config.dataDir);
  // Listened for before the lock and its PID file are taken, so a stop asked for as soon as the PID
  // file shows is a clean stop once started, not a death by the signal's default action that would
  // leave the PID file behind. The handler runs after this function's synchronous part, by which
  // time the lock is held and `starting` is set (a lock refused is reported below instead).
  let lock: DataDirLock | undefined;
  let starting: ReturnType<typeof startChecked> | undefined;
  onStopRequest(async () => {
    if (lock === undefined) return;
    const started = await starting?.catch(() => null);
    // A start that failed is reported below, with its own line and exit code.
    if (started === null) return;
    try {
      await started?.stop();
    } finally {
      lock.release();
      removeThrowawayDataDir(config.dataDir);
      process.exit(0);
    }
  });
  lock = takeDataDirLock(config.dataDir);
  // However this process ends (a stop that throws on the way, an uncaught error), the PID file goes.
  process.once('exit', () => lock?.release());
  starting = startChecked(config);
  let running: Awaited<ReturnType<typeof startProcesses>>;
  try {
    running = await starting;
  } catch (err) {
    // Removed while still held (released first, another serve starting on it could take it between),
    // then once more after: where an open file cannot be removed (Windows), the lock's file goes then.
    if (madeNow) removeDataDir(config.dataDir);
    lock.release();
    if (madeNow) removeDataDir(config.dataDir);
    throw oneLine(err);
  }
  if (sqliteTempDir() === null) process.stdout.write(NO_TEMP_DIR_WARNING);
  // Before the listening line, which a helper reads up to: tests side by side on one key meet it.
  if (config.rateLimit > 0) {
    process.stdout.write(`Límite: ${config.rateLimit} solicitudes por segundo por clave; FLEET_RATE_LIMIT=0 lo quita (pruebas en paralelo)\n`);
  }
  lock.announce(running.api.port);
  process.stdout.write(`Fleet testbed ${listeningLine(running.api)} (simulators: ${running.companion.baseUrl})\n`);
}

/**
 * The temp data dir the testing library made for this serve (FLEET_THROWAWAY_DATA_DIR names it): gone
 * with serve, however its test process ended. The library removes it too after a stop of its own;
 * this covers a test process that never ran its exit handler (jest's copy of `process` per file).
 */
function removeThrowawayDataDir(dataDir: string): void {
  // The same folder however it is written (relative, a trailing slash), as FLEET_DATA_DIR is read.
  const throwaway = process.env.FLEET_THROWAWAY_DATA_DIR;
  if (throwaway && resolve(throwaway) === dataDir) removeDataDir(dataDir);
}

function removeDataDir(dataDir: string): void {
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  } catch {
    // Still in use by another removal (the testing library's own), or out of reach: it stays.
  }
}

async function startChecked(config: Config) {
  checkDatabases(config.dataDir);
  return startProcesses(config);
}

async function startProcesses(config: Config) {
  // The simulators start while this process loads the server: two cold starts overlap. Once the API
  // runs, it hears when they are replaced (what only they held in memory is gone).
  let replaced = () => {};
  let answeredAt = () => 0;
  const starting = startCompanion({
    ...process.env,
    FLEET_DATA_DIR: config.dataDir,
    FLEET_SEED: String(config.seed),
    FLEET_SIM_PORT: String(config.simPort),
  }, { onReplaced: () => replaced(), answeredAt: () => answeredAt() });
  // Not awaited yet: the API builds what needs no platform while they start. A failure meanwhile
  // is handled when startApiServer awaits it, not reported as an unhandled rejection.
  const simulatorsUrl = starting.then((companion) => companion.baseUrl);
  simulatorsUrl.catch(() => undefined);
  const { startApiServer } = await loadApiServer();
  try {
    const api = await startApiServer(config, { simulatorsUrl });
    replaced = () => api.simulatorsReplaced();
    answeredAt = () => api.simulatorsAnsweredAt();
    const companion = await starting;
    // The API's drain first: the requests it lets finish (a fixture's build) still call the
    // simulators. Then both stop side by side, as before, within the contract's 5 s.
    const stop = async () => {
      await api.drain().catch(() => undefined);
      return Promise.allSettled([api.stop(), companion.stop()]);
    };
    return { api, companion, stop };
  } catch (err) {
    await starting.then((companion) => companion.stop(), () => undefined);
    throw err;
  }
}

/**
 * Compiled, the API is one bundled file (scripts/bundle.mjs: half of its start was Node's loader); from
 * the sources, its modules. Errors cross this line as messages only (oneLine), never by class.
 */
function loadApiServer(): Promise<typeof import('../../server/main.ts')> {
  return import.meta.url.endsWith('.js') ? import(new URL('../../bundles/api.js', import.meta.url).href) : import('../../server/main.ts');
}

/** Hosts that bind every interface: the loopback among them. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The contract's `listening on http://127.0.0.1:<port>` whenever the loopback reaches serve: by
 * default, and bound to every interface (a container's `0.0.0.0`), said after it, so that a script
 * waiting for the contract's words finds them there too. Bound to one other host, that host.
 */
function listeningLine(api: { host: string; port: number }): string {
  if (EVERY_INTERFACE.has(api.host)) return `listening on http://127.0.0.1:${api.port} (every interface: ${api.host})`;
  const host = api.host.includes(':') ? `[${api.host}]` : api.host;
  return `listening on http://${host}:${api.port}`;
}

/** A failed start is one line on stderr, never a stack trace (contract §1). */
function oneLine(err: unknown): CliError {
  if (err instanceof CliError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new CliError(`no se pudo iniciar el testbed: ${message.replace(/\s+/g, ' ').trim()}`);
}
