import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stopOnInterrupt } from './interrupt.ts';
import { join } from 'node:path';
import { readConfig, type Config } from '../../server/config.ts';
import { createJsonLogger, type Logger } from '../../server/lib/logger.ts';
import { startCompanion, type Companion } from '../lib/companion.ts';
import { CliError } from '../output.ts';
import { requestJson } from '../lib/http-json.ts';
import { noServeAt } from '../environment.ts';

/** Where a scenario runs: the API's base URL (its tenants and keys are made through its control API). */
export interface Target {
  baseUrl: string;
  config: Config;
  /** Set on a fresh environment: what made it repeatable. */
  fresh: { seed: number; clockStart: string } | null;
  stop(): Promise<void>;
}

export interface FreshOptions {
  seed: number;
  clockStart: string;
  /** Requests per second per key; off unless asked, so a fast run never meets a 429 by real-time chance. */
  rateLimit?: number;
  /** `companion` (default) runs them as serve does; `in-process` saves a process start per environment. */
  simulators?: 'companion' | 'in-process';
}

/** The same clock start every time unless one is given: fresh runs are repeatable by default. */
export const DEFAULT_CLOCK_START = '2026-05-04T12:00:00.000Z';
// The longest delay setInterval honours (a larger one fires at once): the background sync is off.
const NEVER_MS = 2_147_483_647;

/** The running serve that PORT (or FLEET_URL) and FLEET_DATA_DIR point at (contract §2). */
export async function connectRunning(config: Config): Promise<Target> {
  const baseUrl = config.serveUrl;
  const health = await requestJson(`${baseUrl}/v1/health`, { method: 'GET', headers: {} }).catch(() => null);
  if (!health || health.status < 200 || health.status > 299) {
    throw new CliError(`${noServeAt(config)}; o usa --fresh.`);
  }
  return { baseUrl, config, fresh: null, stop: async () => {} };
}

/**
 * A new environment on a temporary data dir and a free port: the simulators as a companion process
 * and the API in this process, as `serve` does. Two deliberate differences, both for repeatability:
 * the real-time background sync is off (a run sees platform changes through refresh, `sync` steps
 * and clock advances, never by timing luck), and serve's log stays quiet but for its errors: its
 * warnings (a platform a step set to fail, read by the sync) are what the run's own steps report, in
 * Spanish, and its JSON lines in English on stderr only interleaved with the transcript.
 */
export async function startFresh(options: FreshOptions): Promise<Target> {
  // The interrupt's handlers first, then the data dir: a signal between the two (a CI runner's, on a
  // busy machine) ended the run by the signal's default action and left the dir behind. A handler
  // only runs at an await, by when the dir and the start under way below are set.
  let dataDir = '';
  const removeDataDir = () => void (dataDir && rmSync(dataDir, { recursive: true, force: true }));
  const stoppers: (() => Promise<unknown>)[] = [];
  let startup: Promise<unknown> = Promise.resolve();
  // Whenever it comes (an interrupt while the environment starts too): after the start under way,
  // whose companion, half started, would make the data dir again once it was removed (it did, on a
  // busy CI machine), then everything started, then the data dir.
  const stop = stopOnInterrupt(async () => {
    await startup.catch(() => undefined);
    await Promise.allSettled(stoppers.map((stopOne) => stopOne()));
    removeDataDir();
  }, removeDataDir);
  try {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-scenario-'));
    const config = readConfig({
      ...process.env,
      PORT: '0',
      FLEET_DATA_DIR: dataDir,
      FLEET_SEED: String(options.seed),
      FLEET_CLOCK_START: options.clockStart,
      FLEET_RATE_LIMIT: String(options.rateLimit ?? 0),
      FLEET_SIM_PORT: '0',
      // A fresh environment is the run's own: never reachable from another machine.
      FLEET_HOST: '127.0.0.1',
    });
    const starting = (async () => {
      // Loaded here, not at the top: a run on a running serve needs neither the API nor its database.
      const [{ startApiServer }, { openTenantService }] = await Promise.all([import('../../server/main.ts'), import('../lib/tenant-service.ts')]);
      // Seeding the demo tenant here keeps serve from printing its key on our stdout (one JSON document).
      // Its seed is the run's own (--seed, the file's or the default): the data dir is new, no serve noted one.
      const { db, tenants } = openTenantService(config, true);
      tenants.seedDemo();
      db.close();
      let replaced = () => {};
      let answeredAt = () => 0;
      const simulators = await startSimulators(options, config, { onReplaced: () => replaced(), answeredAt: () => answeredAt() });
      stoppers.push(() => simulators.stop());
      const api = await startApiServer(config, { simulatorsUrl: simulators.baseUrl, logger: quietLogger(), syncEveryMs: NEVER_MS, announceKeys: false });
      stoppers.push(() => api.stop());
      replaced = () => api.simulatorsReplaced();
      answeredAt = () => api.simulatorsAnsweredAt();
      return api;
    })();
    startup = starting;
    const api = await starting;
    const fresh = { seed: config.seed, clockStart: options.clockStart };
    return { baseUrl: `http://127.0.0.1:${api.port}`, config: { ...config, port: api.port }, fresh, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function startSimulators(options: FreshOptions, config: Config, watch: { onReplaced: () => void; answeredAt: () => number }): Promise<Companion> {
  if (options.simulators === 'in-process') {
    // Loaded on demand: every other CLI command would pay for loading the simulators.
    const { startInProcessSimulators } = await import('./simulators.ts');
    return startInProcessSimulators(config.dataDir, config.seed, options.clockStart);
  }
  return startCompanion({ ...process.env, FLEET_DATA_DIR: config.dataDir, FLEET_SEED: String(config.seed), FLEET_SIM_PORT: '0' }, watch);
}

function quietLogger(): Logger {
  const stderr = createJsonLogger();
  return { info() {}, warn() {}, error: stderr.error };
}
