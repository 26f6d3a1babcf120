import { execFile } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/process.ts';
import { alive, answers, eventually, runServe, type ServeRun } from '../support/serve-run.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'cli/bin.mjs');
const TOKEN = 'e2e-control-token-0123';

/** A counter of the data dir's api.db (the ids drawn so far), read as another process would. */
const counter = (dataDir: string, name: string) => {
  const db = new Database(join(dataDir, 'api.db'), { readonly: true });
  try {
    return db.prepare('SELECT value FROM counters WHERE name = ?').pluck().get(name) as number;
  } finally {
    db.close();
  }
};

const cli = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('when serve runs as a service (FLEET_HOST=0.0.0.0 with FLEET_CONTROL_TOKEN)', () => {
  let dataDir: string;
  let port: number;
  let serve: ServeRun;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fleet-service-'));
    port = await freePort();
    env = { ...process.env, PORT: String(port), FLEET_DATA_DIR: dataDir, FLEET_HOST: '0.0.0.0', FLEET_CONTROL_TOKEN: TOKEN };
    serve = runServe(env);
    await serve.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+ \(every interface: 0\.0\.0\.0\)/);
  }, 60_000);

  afterAll(async () => {
    serve?.kill('SIGKILL');
    await serve?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('then the listening line is the contract\'s, naming every interface after it, and the API answers', async () => {
    expect(serve.output()).toContain(`Fleet testbed listening on http://127.0.0.1:${port} (every interface: 0.0.0.0) `);
    expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
  });

  it('then the CLI sends the token and its control commands work', async () => {
    const now = await cli(['clock', 'now', '--json'], env);

    expect(now.code).toBe(0);
    expect(JSON.parse(now.stdout)).toHaveProperty('now');
  }, 30_000);

  it('then the CLI makes keys on its data dir only with serve\'s token (without it, a key would be the seed\'s alone), and they work', async () => {
    const tenantId = JSON.parse((await cli(['tenants', 'create', '--name', 'Flota de la CLI', '--json'], env)).stdout).id as string;

    const idsBefore = counter(dataDir, 'ids');
    const without = await cli(['keys', 'create', '--tenant', tenantId], { ...env, FLEET_CONTROL_TOKEN: '' });
    const other = await cli(['keys', 'create', '--tenant', tenantId], { ...env, FLEET_CONTROL_TOKEN: 'otro-token-de-otro-serve-1234' });
    const idsAfterRefusals = counter(dataDir, 'ids');
    const made = await cli(['keys', 'create', '--tenant', tenantId, '--json'], env);

    // Refused, they drew no id: the next key's is the one it would have had.
    expect(idsAfterRefusals).toBe(idsBefore);
    expect(without.code).toBe(1);
    expect(other.code).toBe(1);
    expect(without.stderr.trim()).toBe('error: El último serve de este directorio de datos se arrancó con FLEET_CONTROL_TOKEN: defínelo también aquí para crear claves desde la CLI (sin él, la clave saldría de la semilla, que no es secreta).');
    expect(other.stderr.trim()).toBe('error: El último serve de este directorio de datos se arrancó con otro FLEET_CONTROL_TOKEN: define el suyo para crear claves desde la CLI.');
    expect(made.code).toBe(0);
    const me = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { Authorization: `Bearer ${JSON.parse(made.stdout).key}` } });
    expect(me.status).toBe(200);
  }, 30_000);

  it('then a CLI without the token is refused with the 401 message, and exits non-zero', async () => {
    const now = await cli(['clock', 'now'], { ...env, FLEET_CONTROL_TOKEN: '' });

    expect(now.code).not.toBe(0);
    expect(now.stderr.trim()).toBe('error: La superficie de control del testbed necesita Authorization: Bearer <FLEET_CONTROL_TOKEN>.');
  }, 30_000);

  it('then a CLI with another token is told the token is not this serve\'s', async () => {
    const now = await cli(['clock', 'now'], { ...env, FLEET_CONTROL_TOKEN: 'otro-token-de-otro-serve-1234' });

    expect(now.code).toBe(1);
    expect(now.stderr.trim()).toBe('error: El token de control enviado no es el de este serve: revisa FLEET_CONTROL_TOKEN (debe ser el mismo con el que se arrancó serve).');
  }, 30_000);

  it('then with FLEET_URL at no serve, the CLI names FLEET_URL, not PORT; with PORT at none, PORT, and the port the data dir\'s serve took', async () => {
    const remote = await cli(['clock', 'now'], { ...env, PORT: '1', FLEET_URL: 'http://127.0.0.1:9' });
    const local = await cli(['clock', 'now'], { ...env, PORT: '9', FLEET_URL: '' });
    const noServe = await cli(['clock', 'now'], { ...env, PORT: '9', FLEET_URL: '', FLEET_DATA_DIR: join(dataDir, 'none') });
    const scenario = await cli(['scenario', 'run', join(ROOT, 'fixtures/scenarios/api-faults.yaml')], { ...env, PORT: '1', FLEET_URL: 'http://127.0.0.1:9' });

    expect(remote.stderr.trim()).toBe('error: no hay un testbed escuchando en http://127.0.0.1:9; revisa FLEET_URL o inicia allí "fleet-sim serve".');
    expect(local.stderr.trim()).toBe(`error: no hay un testbed escuchando en http://127.0.0.1:9; el serve de ${dataDir} escucha en el puerto ${port}: usa PORT=${port} (o PORT=0).`);
    expect(noServe.stderr.trim()).toBe('error: no hay un testbed escuchando en http://127.0.0.1:9; inicia "fleet-sim serve" (PORT=9) o revisa PORT.');
    // A scenario run says the same, and what it can do instead.
    expect(scenario.stderr.trim()).toBe('error: no hay un testbed escuchando en http://127.0.0.1:9; revisa FLEET_URL o inicia allí "fleet-sim serve"; o usa --fresh.');
  }, 30_000);

  it('then FLEET_URL points the CLI at the serve whatever PORT says', async () => {
    const now = await cli(['clock', 'now', '--json'], { ...env, PORT: '1', FLEET_URL: `http://localhost:${port}/` });

    expect(now.code).toBe(0);
    expect(JSON.parse(now.stdout)).toHaveProperty('now');
  }, 30_000);

  it('then with FLEET_URL the commands that write tenants and keys go to that serve too, and nothing is written to a local data dir', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'fleet-not-this-'));
    const remote = { ...env, PORT: '1', FLEET_DATA_DIR: join(elsewhere, 'data'), FLEET_URL: `http://localhost:${port}` };
    const json = async (args: string[]) => {
      const run = await cli([...args, '--json'], remote);
      expect(run.stderr).toBe('');
      return JSON.parse(run.stdout);
    };

    const tenant = await json(['tenants', 'create', '--name', 'Flota remota', '--pending']);
    const approved = await json(['tenants', 'approve', tenant.id]);
    const key = await json(['keys', 'create', '--tenant', tenant.id, '--scopes', 'vehicles:read']);
    const me = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${key.key}` } });
    const revoked = await json(['keys', 'revoke', key.id]);
    const after = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${key.key}` } });
    const missing = await cli(['keys', 'create', '--tenant', '00000000-0000-4000-8000-000000000000'], remote);

    expect(tenant).toEqual({ id: expect.any(String), name: 'Flota remota', status: 'pending' });
    expect(approved).toMatchObject({ id: tenant.id, status: 'active' });
    expect(key).toMatchObject({ prefix: expect.stringMatching(/^fk_test_/), scopes: ['vehicles:read'], environment: 'test', tenantId: tenant.id });
    expect(me.status).toBe(200);
    expect(revoked).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
    expect(after.status).toBe(401);
    expect(missing.stderr.trim()).toBe('error: El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.');
    expect(readdirSync(elsewhere)).toEqual([]);
    rmSync(elsewhere, { recursive: true, force: true });
  }, 60_000);
});

describe('when FLEET_HOST is not loopback and no FLEET_CONTROL_TOKEN is set', () => {
  it('then serve refuses with one line and exit 1, before it starts anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-service-'));
    const run = runServe({ ...process.env, PORT: String(await freePort()), FLEET_DATA_DIR: dataDir, FLEET_HOST: '0.0.0.0', FLEET_CONTROL_TOKEN: '' });

    const code = await run.exited;

    expect(code).toBe(1);
    expect(run.stderr()).toBe('error: FLEET_HOST=0.0.0.0 expone el testbed fuera de este equipo: define FLEET_CONTROL_TOKEN (16 caracteres o más, p. ej. $(openssl rand -hex 24)) para proteger /_testbed\n');
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);
});

/** Every process under `pid` (npm, the shell it may run, serve, the simulators), from /proc's parent links. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent PID is the 2nd field after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* the process ended while we looked */
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, p] of parentOf) {
      if (p !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

describe('when `npm start` itself gets SIGTERM (what CI runners and supervisors send)', () => {
  it('then the API, the simulators and every process it started stop', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-npm-'));
    const [port, simPort] = [await freePort(), await freePort()];
    const env = { ...process.env, PORT: String(port), FLEET_SIM_PORT: String(simPort), FLEET_DATA_DIR: dataDir };
    const npm = runServe(env, { cwd: ROOT }, ['npm', 'start']);
    await npm.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+/);
    const started = descendants(npm.pid);
    expect(started.length).toBeGreaterThanOrEqual(2); // serve and the simulators (and maybe a shell)

    try {
      process.kill(npm.pid, 'SIGTERM');

      // Bounded by the contract's 5 s, with room for a loaded machine; not a speed measurement.
      expect(await eventually(() => started.every((pid) => !alive(pid)), 10_000)).toBe(true);
      expect(await answers(port)).toBe(false);
      expect(await answers(simPort)).toBe(false);
    } finally {
      // A failing run must not leave a serve behind for the rest of the suite.
      for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
