/**
 * `fleet-testbed/testing`: the testbed for other people's tests (contract §4, "Node."). Start one per
 * test run (a global setup), make a world per test: worlds never see each other, so tests run in
 * parallel on one testbed. docs/testing.md has the whole API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { track, untrack } from './cleanup.ts';
import { controlCaller, TestbedError, type ControlCall, type Coverage } from './control.ts';
import { spawnServe, type ServeProcess } from './serve-process.ts';
import { createWorld, type World, type WorldOptions } from './world.ts';
import { createLiveWorlds } from './live-worlds.ts';
import { checkedSnapshotName } from './world-setup.ts';
import { givenValue, refuseUnknown } from './known-options.ts';
import { readConfig } from '../server/config.ts';
import { surfaceAtEnd } from '../server/lib/serve-url.ts';

export { TestbedError } from './control.ts';
export type { Coverage, GeneratedRides, Platform, PlatformGenerated, PlatformView, Scope } from './control.ts';
export type { FaultMode, NotSynced, Verdict, World, WorldOptions } from './world.ts';
export type { Fixture, FixtureIds, RestoreOptions, UniqueValues, WorldSetup, WorldSnapshotInfo } from './world-setup.ts';
export type { AddedFault, FaultEffect, FaultRule, FaultRuleView, WorldFaults, WorldPlatformFaults } from './world-faults.ts';
export type { ExpectedRequests, JournalEntry, JournalMessage, RequestFilter } from './world-requests.ts';

export interface Testbed {
  /** Where the partner API and the control API listen, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** A new tenant with its own key and clock, and a handle bound to it. */
  createWorld(options?: WorldOptions): Promise<World>;
  /** Back to the state of a new data dir (every world gone, the demo tenant kept). */
  reset(): Promise<{ now: string }>;
  /** Saves both processes' whole state under this name (`[a-z0-9-]{1,64}`). */
  snapshot(name: string): Promise<{ name: string; createdAt: string }>;
  /** Everything exactly as at the snapshot. */
  restore(name: string): Promise<{ name: string; now: string }>;
  /**
   * The state transitions of spec §3 every world made, deleted ones included: a run's coverage, read
   * in the global teardown before stop() (a started testbed's data dir goes with it).
   */
  coverage(): Promise<Coverage>;
  /** Stops what startTestbed started and removes its temp dir; with connectTestbed, does nothing. */
  stop(): Promise<void>;
}

export interface StartedTestbed extends Testbed {
  /** The data dir: a temp dir removed by stop(), or options.dataDir, kept. */
  dataDir: string;
  /** The serve's PID. */
  pid: number;
}

export interface StartOptions {
  /** Keep the state here instead of a temp dir (not removed by stop()). */
  dataDir?: string;
  /** FLEET_SEED: the same seed and requests give the same answers, ids included. */
  seed?: number;
  /** FLEET_CLOCK_START: simulated time starts there, frozen, moving only by advances. */
  clockStart?: string;
  /** FLEET_RATE_LIMIT per key and second; default 0 (off), so parallel tests never meet a 429. */
  rateLimit?: number;
  /** More environment for serve, e.g. FLEET_CONTROL_TOKEN. */
  env?: Record<string, string>;
  /**
   * Where serve's own output goes (e.g. process.stderr); by default it is kept for errors only.
   * Typed by what is used of it, so a project compiles these declarations without @types/node.
   */
  output?: { write(chunk: Uint8Array): unknown };
  /** Real time serve gets to start; default 60 s. */
  startTimeoutMs?: number;
}

function testbedOver(url: string, call: ControlCall, stop: () => Promise<void>): Testbed {
  const live = createLiveWorlds();
  return {
    url,
    createWorld: (options) => createWorld(url, call, options, live),
    reset: async () => {
      const done = await call<{ now: string }>('POST', '/reset');
      live.reset();
      return done;
    },
    snapshot: async (name) => {
      const saved = await call<{ name: string; createdAt: string }>('POST', '/snapshots', { name: checkedSnapshotName(name) });
      live.saved(name);
      return saved;
    },
    restore: async (name) => {
      const restored = await call<{ name: string; now: string }>('POST', `/snapshots/${checkedSnapshotName(name)}/restore`);
      live.restored(name);
      return restored;
    },
    coverage: () => call<Coverage>('GET', '/coverage'),
    stop,
  };
}

/** The environment serve gets: the caller's, minus what would point it elsewhere, plus the options. */
function serveEnv(options: StartOptions, dataDir: string): NodeJS.ProcessEnv {
  // Not passed on: FLEET_URL names another serve; a throwaway dir named in this environment is not this one's.
  const { FLEET_URL: _url, FLEET_THROWAWAY_DATA_DIR: _throwaway, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: '0',
    FLEET_DATA_DIR: dataDir,
    // serve stops when this process is gone, and removes the temp dir it was given: a runner whose
    // test files each get a copy of `process` (jest) never runs this library's exit handler.
    FLEET_EXIT_WITH_PARENT: '1',
    ...(options.dataDir === undefined && { FLEET_THROWAWAY_DATA_DIR: dataDir }),
    FLEET_RATE_LIMIT: String(options.rateLimit ?? 0),
    ...(options.seed !== undefined && { FLEET_SEED: String(options.seed) }),
    ...(options.clockStart !== undefined && { FLEET_CLOCK_START: options.clockStart }),
    ...options.env,
  };
}

/**
 * Kept for the exit and signal handlers from the spawn on, so a test process that ends while serve
 * starts leaves nothing either. Returns the one graceful stop (repeated calls share it).
 */
function trackServe(serve: ServeProcess, removeDataDir: () => void): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  const tracked = {
    stop: () =>
      (stopping ??= serve.stop().finally(() => {
        removeDataDir();
        untrack(tracked);
      })),
    stopNow: () => {
      serve.kill();
      try {
        removeDataDir();
      } catch {
        // At exit, nothing can wait or report: a dir still in use stays (tmpdir is cleaned by the OS).
      }
    },
  };
  track(tracked);
  return tracked.stop;
}

/** What startTestbed reads: a misspelt option from plain JavaScript (`clockstart`) would start a serve without it, on real time. */
const START_OPTIONS: readonly (keyof StartOptions)[] = ['dataDir', 'seed', 'clockStart', 'rateLimit', 'env', 'output', 'startTimeoutMs'];

/** The options serve reads from the environment, by the variable each becomes. */
const OPTION_VARIABLES = [['FLEET_CLOCK_START', 'clockStart'], ['FLEET_SEED', 'seed'], ['FLEET_RATE_LIMIT', 'rateLimit']] as const;

/**
 * serve's own rules (server/config.ts) for the environment the options make, before anything
 * starts: a bad value (`clockStart: 'mañana'`) was serve's exit, a plain Error naming a variable the
 * caller never set. Now a TestbedError naming the option, as a misspelt option is.
 */
function refuseBadValues(options: StartOptions, env: NodeJS.ProcessEnv, removeDataDir: () => void): void {
  try {
    readConfig(env);
  } catch (err) {
    removeDataDir();
    let message = (err as Error).message;
    for (const [variable, option] of OPTION_VARIABLES) if (options[option] !== undefined) message = message.replace(variable, option);
    throw new TestbedError(400, { code: 'VALIDATION', message: `startTestbed: ${message}` });
  }
}

/**
 * The options serve does not read itself, checked as the library uses them: from plain JavaScript an
 * `output: 'stderr'` threw from serve's output handler and hung the start for its whole timeout, a
 * `dataDir: 123` was Node's English message, and `startTimeoutMs: 'x'` a timer Node ignored.
 */
function refuseBadShapes(options: StartOptions): void {
  const refuse = (message: string): never => {
    throw new TestbedError(400, { code: 'VALIDATION', message: `startTestbed: ${message}` });
  };
  const shown = (value: unknown) => (typeof value === 'function' ? 'una función' : givenValue(value));
  const { dataDir, env, output, startTimeoutMs } = options as Record<string, unknown>;
  if (dataDir !== undefined && (typeof dataDir !== 'string' || dataDir === '')) refuse(`dataDir debe ser la ruta de un directorio (texto); recibió ${shown(dataDir)}`);
  if (env !== undefined) {
    if (typeof env !== 'object' || env === null || Array.isArray(env)) refuse(`env debe ser un objeto de variables, p. ej. { FLEET_CONTROL_TOKEN: '…' }; recibió ${shown(env)}`);
    const notText = Object.entries(env as object).filter(([, value]) => typeof value !== 'string').map(([name]) => name);
    if (notText.length > 0) refuse(`env: el valor de ${notText.join(', ')} debe ser texto, como el de toda variable de entorno`);
  }
  if (output !== undefined && typeof (output as { write?: unknown } | null)?.write !== 'function') {
    refuse(`output debe ser un flujo con write(), p. ej. process.stderr; recibió ${shown(output)}`);
  }
  if (startTimeoutMs !== undefined && !(typeof startTimeoutMs === 'number' && Number.isInteger(startTimeoutMs) && startTimeoutMs > 0)) {
    refuse(`startTimeoutMs debe ser un número entero de milisegundos mayor que 0; recibió ${shown(startTimeoutMs)}`);
  }
}

/**
 * Starts `fleet-sim serve` (API and simulators) on free ports and a temp data dir, and resolves once
 * it takes requests. stop() leaves no process and no temp dir; so does the end of the test process,
 * interrupted or not.
 */
export async function startTestbed(options: StartOptions = {}): Promise<StartedTestbed> {
  refuseUnknown('startTestbed', options, START_OPTIONS);
  refuseBadShapes(options);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fleet-testbed-'));
  const removeDataDir = () => {
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  const env = serveEnv(options, dataDir);
  refuseBadValues(options, env, removeDataDir);
  const serve = spawnServe(env, { timeoutMs: options.startTimeoutMs, output: options.output });
  const stop = trackServe(serve, removeDataDir);
  let url: string;
  try {
    url = await serve.ready;
  } catch (err) {
    await stop();
    throw err;
  }
  const call = controlCaller(url, env.FLEET_CONTROL_TOKEN || undefined);
  return { ...testbedOver(url, call, stop), dataDir, pid: serve.pid };
}

/**
 * The same handle on a serve that runs already, here or remote (a CI service container). `token`
 * is its FLEET_CONTROL_TOKEN, sent as `Authorization: Bearer`. Rejects when nothing answers there.
 */
export async function connectTestbed(url: string, token?: string): Promise<Testbed> {
  // Often read from the environment or a runner's setup, and undefined when that was forgotten.
  if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
    const message = `connectTestbed necesita la URL http(s) del testbed, p. ej. http://127.0.0.1:3000 (recibió ${givenValue(url)}: ¿falta FLEET_URL, o el globalSetup que la da?)`;
    throw new TestbedError(400, { code: 'VALIDATION', message });
  }
  // Every control call's path goes after it: a query or fragment (a token put there) sent them to `/`.
  if (/[?#]/.test(url)) {
    throw new TestbedError(400, { code: 'VALIDATION', message: `connectTestbed necesita la URL del testbed sin ? ni #: ${url.split(/[?#]/)[0]} (el token de control es su segundo argumento)` });
  }
  const base = url.replace(/\/+$/, '');
  const prefix = surfaceAtEnd(base);
  if (prefix) {
    const message = `connectTestbed necesita la URL del testbed sin ${prefix}: ${base.slice(0, -prefix.length)}`;
    throw new TestbedError(400, { code: 'VALIDATION', message });
  }
  const call = controlCaller(base, token);
  // Something else listening there (a dev server answering 200 to every path) must not pass for one.
  const clock = await call<{ now?: unknown } | null>('GET', '/clock');
  if (typeof clock?.now !== 'string') throw new Error(`en ${base} responde un servidor que no es un fleet testbed: GET /_testbed/clock no dio la hora`);
  return testbedOver(base, call, async () => undefined);
}
