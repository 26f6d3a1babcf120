import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

// Explicit ports come from below Linux's ephemeral range (32768 and up), which `listen(0)` never hands
// out: the simulators and clients of the tests running beside this one cannot take a port between the
// moment it is found free here and the moment serve binds it. Workers draw from their own stride.
const LOW = 10_000;
const SPAN = 22_000;
let nextPick = LOW + ((Number(process.env.VITEST_POOL_ID ?? process.pid) * 2_749 + process.pid) % SPAN);
/**
 * The one port of that range on the Fetch standard's "bad ports" list: Node's fetch refuses it
 * ("bad port") before any byte is sent, so a serve given it fails its test's first request.
 */
const FETCH_REFUSES = 10_080;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    nextPick = LOW + ((nextPick - LOW + 97) % SPAN);
    if (nextPick !== FETCH_REFUSES && (await isFree(nextPick))) return nextPick;
  }
  throw new Error('no free port below the ephemeral range');
}

const IN_USE = 'ya está en uso';

/**
 * The platform timeout of the tests' serves: a new serve's first platform calls, on a machine running
 * the rest of the suite beside it, once met serve's 2 s (a 503 in a test about something else). A
 * test about a hung or slow companion sets its own.
 */
const PLATFORM_TIMEOUT_MS = '15000';
/**
 * How long the tests' serves let their companion go silent before replacing it: serve's 5 s was met
 * on a CI leg whose browser tests held both cores (a file of four took 33 s instead of 7), and a
 * companion replaced mid-test fails what the test is about (a save, a restore). The test about a hung
 * companion sets its own.
 */
const SIM_HUNG_AFTER_MS = '20000';

/** A real `fleet-sim serve` on a temp data dir and a free port, and the CLI pointed at it. */
export async function startServeProcess(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  let port = 0;
  let env: NodeJS.ProcessEnv = {};
  let base = '';
  let child!: ChildProcess;
  let output = '';

  const waitListening = (proc: ChildProcess) =>
    new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        if (output.includes(`listening on ${base}`)) resolve();
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      proc.once('exit', (code) => reject(new Error(`serve exited (${code}): ${output.slice(-800)}`)));
    });
  // A port can still be taken by another process between the check and serve's bind: then serve says
  // so and exits, and another port is tried (a test that sets PORT itself gets no retry).
  for (let attempt = 1; ; attempt++) {
    port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
    env = { ...process.env, PORT: String(port), FLEET_DATA_DIR: dataDir, FLEET_RATE_LIMIT: '0', FLEET_PLATFORM_TIMEOUT_MS: PLATFORM_TIMEOUT_MS, FLEET_SIM_HUNG_AFTER_MS: SIM_HUNG_AFTER_MS, ...extraEnv };
    base = `http://127.0.0.1:${port}`;
    output = '';
    child = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await waitListening(child);
      break;
    } catch (error) {
      if (attempt >= 5 || extraEnv.PORT || !output.includes(IN_USE)) throw error;
    }
  }

  const cli = (args: string[], timeoutMs = 30_000) =>
    new Promise<{ code: number; stdout: string; stderr: string; json: any }>((resolve) => {
      execFile(process.execPath, [BIN, ...args, '--json'], { env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
        let json: unknown = null;
        try {
          json = JSON.parse(stdout);
        } catch {
          /* not JSON: the test sees json === null */
        }
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr, json });
      });
    });

  /** Sends the signal; resolves with the time it took to exit and how it ended. */
  const stopWith = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      const asked = Date.now();
      if (child.exitCode !== null || child.signalCode !== null) return resolve({ ms: 0, code: child.exitCode, signal: child.signalCode });
      child.once('exit', (code, how) => resolve({ ms: Date.now() - asked, code, signal: how }));
      child.kill(signal);
    });
  /** SIGTERM and the time it took to exit. */
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => (await stopWith(signal)).ms;

  /** Starts serve again on the same data dir and port (after stop). */
  const restart = async () => {
    output = '';
    child = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await waitListening(child);
  };

  const cleanup = async () => {
    await stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { port, base, dataDir, env, cli, stop, stopWith, restart, cleanup, output: () => output, pid: () => child.pid! };
}

type ServeProcess = Awaited<ReturnType<typeof startServeProcess>>;

/**
 * A real serve for the enclosing describe block: started before its tests (and before the hooks
 * declared after this call), killed with its data dir removed after them. The handle is filled in
 * when it has started.
 */
export function serveForSuite(extraEnv: Record<string, string> = {}): ServeProcess {
  const handle = {} as ServeProcess;
  beforeAll(async () => void Object.assign(handle, await startServeProcess(extraEnv)), 60_000);
  afterAll(async () => handle.cleanup?.());
  return handle;
}

/** serveForSuite, and one world on it made before the block's tests: `api` calls with its key. */
export function worldForSuite(name: string, extraEnv: Record<string, string> = {}) {
  const env = serveForSuite(extraEnv);
  const world = {} as TenantClient;
  beforeAll(async () => void Object.assign(world, await worldClient(env, name)), 60_000);
  const api = (method: string, path: string, body?: unknown) => world.api(method, path, body);
  return { env, world, api };
}

/** A JSON client of the API holding this key. */
function keyClient(env: ServeProcess, tenantId: string, key: string) {
  const headers = { Authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(env.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  return { tenantId, headers, api };
}

/** A tenant and a key made with the CLI, as a user would, and a JSON client of the API holding that key. */
export async function tenantClient(env: ServeProcess, name: string) {
  const tenant = await env.cli(['tenants', 'create', '--name', name]);
  const key = await env.cli(['keys', 'create', '--tenant', tenant.json.id]);
  return keyClient(env, tenant.json.id as string, key.json.key as string);
}

/**
 * A world for one test (contract §4): a tenant with a key made by one control API call, and a client
 * holding the key. Where the CLI is not what a test is about, this spares two CLI processes.
 */
export async function worldClient(env: ServeProcess, name: string) {
  const res = await fetch(`${env.base}/_testbed/tenants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  const tenant = (await res.json()) as { id: string; keys: { key: string }[] };
  if (res.status !== 201) throw new Error(`POST /_testbed/tenants answered ${res.status}: ${JSON.stringify(tenant)}`);
  return keyClient(env, tenant.id, tenant.keys[0].key);
}

export type TenantClient = Awaited<ReturnType<typeof tenantClient>>;
