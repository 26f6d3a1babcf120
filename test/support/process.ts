import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A real `fleet-sim serve` on a temp data dir and a free port, and the CLI pointed at it. */
export async function startServeProcess(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  const env = { ...process.env, PORT: String(port), FLEET_DATA_DIR: dataDir, FLEET_RATE_LIMIT: '0', ...extraEnv };
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  await waitListening(child);

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
