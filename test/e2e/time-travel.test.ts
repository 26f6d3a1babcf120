import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectTestbed } from '../../testing/index.ts';
import { freePort, serveForSuite, worldClient } from '../support/process.ts';

const START = '2026-05-04T12:00:00.000Z';
const MAX = '366d';
const PAST_MAX = '366d1s';

/** Issue 35 as a user meets it on a real serve: the advance maximum at every door, long trips, worlds that do not pile up. */
describe('full process: safe time travel and worlds that do not pile up', async () => {
  const simPort = await freePort();
  const env = serveForSuite({ FLEET_CLOCK_START: START, FLEET_SIM_PORT: String(simPort) });
  const dir = mkdtempSync(join(tmpdir(), 'fleet-travel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let serial = 0;

  const scenario = (name: string, steps: string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, `name: ${name}\ntenants:\n  - as: fleet\n    name: Flota ${name}\n    keys:\n      - as: admin\nsteps:\n${steps}`);
    return file;
  };
  const tenantIds = async () => ((await (await fetch(`${env.base}/_testbed/tenants`)).json()) as { data: { id: string }[] }).data.map((t) => t.id);

  async function pbVehicles(world: Awaited<ReturnType<typeof worldClient>>, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const s = String(++serial).padStart(6, '0');
      const body = { plate: `TT${s}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'gris', city: 'CDMX', vin: `3N1CN7AD5T0${s}`, platforms: ['platform_b'] };
      const made = await world.api('POST', '/v1/vehicles', body);
      expect((await world.api('POST', `/v1/vehicles/${made.body.id}/registrations`, { platform: 'platform_b' })).status).toBe(201);
    }
  }

  it(`when the CLI advances ${MAX}, then it goes; ${PAST_MAX}, then it fails naming the maximum and no clock moves`, async () => {
    const world = await worldClient(env, 'Mundo CLI');
    const ok = await env.cli(['clock', 'advance', MAX, '--tenant', world.tenantId]);
    expect(ok.code, ok.stderr).toBe(0);
    const before = (await env.cli(['clock', 'now'])).json.now;

    const refused = await env.cli(['clock', 'advance', PAST_MAX]);

    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('366d');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect((await env.cli(['clock', 'now'])).json.now).toBe(before);
  });

  it(`when the testing library or a scenario step advances ${PAST_MAX}, then each fails naming the maximum`, async () => {
    const testbed = await connectTestbed(env.base);
    const world = await testbed.createWorld();
    await expect(world.advance(PAST_MAX)).rejects.toThrow(/366d/);
    const before = Date.parse(await world.now());
    expect(await world.advance(MAX)).toBe(new Date(before + 366 * 86_400_000).toISOString());

    // A scenario's is refused as the file is read, before any world is made.
    const file = scenario('demasiado-lejos', `  - advanceClock: { duration: ${PAST_MAX}, tenant: fleet }\n`);
    const worldsBefore = await tenantIds();
    const run = await env.cli(['scenario', 'run', file]);
    expect(run.code).not.toBe(0);
    expect(JSON.stringify(run.json)).toContain('paso 1: advanceClock.duration: la duración máxima de un avance es 366d');
    expect(await tenantIds()).toEqual(worldsBefore);
  });

  it('when a world of vehicles travels the maximum, then the simulators answer their health probe throughout, and serve starts again on that data dir', async () => {
    const world = await worldClient(env, 'Mundo Viajero');
    await pbVehicles(world, 6);
    const health = async () => ((await (await fetch(`http://127.0.0.1:${simPort}/_control/health`)).json()) as { pid: number }).pid;
    const pid = await health();
    let travelling = true;
    const answered: number[] = [];
    const trip = env.cli(['clock', 'advance', MAX, '--tenant', world.tenantId], 120_000).finally(() => (travelling = false));
    while (travelling) answered.push(await health());
    const done = await trip;

    expect(done.code, done.stderr).toBe(0);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered)).toEqual(new Set([pid]));
    await env.stop();
    await env.restart();
    const now = (await env.cli(['clock', 'now', '--tenant', world.tenantId])).json.now;
    expect(now).toBe(done.json.now);
    const held = await env.cli(['platforms', 'show', 'platform_b', '--tenant', world.tenantId]);
    expect(held.json.vehicles).toHaveLength(6);
  }, 180_000);

  it('when serve gets SIGTERM during a long advance, then the advance takes no step more and fails saying where the clock stayed, where the restarted serve has it', async () => {
    const world = await worldClient(env, 'Mundo Interrumpido');
    await pbVehicles(world, 6);
    const clockOf = async () => ((await (await fetch(`${env.base}/_testbed/clock?tenant=${world.tenantId}`)).json()) as { now: string }).now;
    const start = await clockOf();
    let travelling = true;
    const trip = env.cli(['clock', 'advance', MAX, '--tenant', world.tenantId], 120_000).finally(() => (travelling = false));
    // Once a step has gone (of 53), and before the last.
    while (travelling && (await clockOf()) === start) await new Promise((resolve) => setTimeout(resolve, 5));

    await env.stop();
    const done = await trip;
    await env.restart();
    const stayed = await clockOf();

    expect(done.code).toBe(1);
    expect(done.stderr).toContain(`el avance se detuvo en ${stayed}: el reloj quedó en ese instante, coherente.`);
    expect(Date.parse(stayed)).toBeGreaterThan(Date.parse(start));
    expect(Date.parse(stayed)).toBeLessThan(Date.parse(start) + 366 * 86_400_000);
  }, 180_000);

  it('when scenario files run on a running serve, then the worlds of those that passed are deleted and those of the failed one kept and named', async () => {
    const pass = scenario('pasa', '  - request: { method: GET, path: /v1/vehicles }\n    expect: { status: 200 }\n');
    const failing = scenario('falla', '  - request: { method: GET, path: /v1/vehicles }\n    expect: { status: 201 }\n');

    const run = await env.cli(['scenario', 'run', pass, failing]);

    expect(run.code).not.toBe(0);
    const [passed, failed] = run.json.scenarios.map((s: { tenants: { id: string }[] }) => s.tenants.map((t) => t.id));
    expect(run.json.worlds.deleted).toEqual(passed);
    expect(run.json.worlds.kept).toEqual([{ file: failing, tenantIds: failed }]);
    const left = await tenantIds();
    expect(passed.filter((id: string) => left.includes(id))).toEqual([]);
    expect(failed.every((id: string) => left.includes(id))).toBe(true);
  });

  it('when the reader of a scenario run leaves after its first line (| head -1), then the run goes on to its verdict and deletes the worlds of the file that passed', async () => {
    const pass = scenario('pasa-sin-lector', '  - request: { method: GET, path: /v1/vehicles }\n    expect: { status: 200 }\n');
    const failing = scenario('falla-sin-lector', '  - request: { method: GET, path: /v1/vehicles }\n    expect: { status: 201 }\n');

    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(process.cwd(), 'cli/bin.mjs'), 'scenario', 'run', pass, failing], { env: env.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.once('data', () => child.stdout.destroy());
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stderr }));
    });

    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: 1 de 2 escenarios fallaron: ${failing}\n`);
    const names = ((await (await fetch(`${env.base}/_testbed/tenants`)).json()) as { data: { name: string }[] }).data.map((t) => t.name);
    expect(names).not.toContain('Flota pasa-sin-lector');
    expect(names).toContain('Flota falla-sin-lector');
  });

  it('when scenario files run with --keep-worlds, then every world stays', async () => {
    const pass = scenario('pasa-y-queda', '  - request: { method: GET, path: /v1/vehicles }\n    expect: { status: 200 }\n');
    const run = await env.cli(['scenario', 'run', '--keep-worlds', pass]);
    expect(run.code, run.stderr).toBe(0);
    const ids = run.json.scenarios[0].tenants.map((t: { id: string }) => t.id);
    expect(run.json.worlds).toEqual({ deleted: [], kept: [{ file: pass, tenantIds: ids }], notDeleted: [] });
    expect((await tenantIds()).filter((id) => ids.includes(id))).toEqual(ids);
  });

  /**
   * A proxy in front of serve that restores the snapshot right after the first chunk of a generate
   * has been answered, before the CLI reads that answer: a restore landing between two chunks, every time.
   */
  async function restoringProxy(restorePath: string): Promise<{ url: string; server: Server }> {
    let restored = false;
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
      const answer = await fetch(env.base + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const body = Buffer.from(await answer.arrayBuffer());
      if (!restored && req.url === '/_testbed/rides/generate') {
        restored = true;
        expect((await fetch(`${env.base}${restorePath}`, { method: 'POST' })).status).toBe(200);
      }
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
  }

  it.each([
    ['a whole snapshot', '/_testbed', /se reinició o se restauró mientras este trabajo seguía en curso/],
    ['a snapshot of that world', '/_testbed/tenants/{id}', /El mundo se restauró mientras este trabajo seguía en curso/],
  ])('when %s is restored while rides generate is between two chunks, then the command fails (409) instead of finishing with a hole', async (_what, scope, message) => {
    const world = await worldClient(env, 'Mundo Carrera');
    await pbVehicles(world, 1);
    const snapshots = `${scope.replace('{id}', world.tenantId)}/snapshots`;
    expect((await fetch(`${env.base}${snapshots}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'carrera' }) })).status).toBe(201);
    const proxy = await restoringProxy(`${snapshots}/carrera/restore`);
    const today = (await env.cli(['clock', 'now', '--tenant', world.tenantId])).json.now.slice(0, 10);
    const from = new Date(Date.parse(today) - 80 * 86_400_000).toISOString().slice(0, 10);

    const run = await new Promise<{ code: number; stderr: string; stdout: string }>((resolve) => {
      const args = [join(process.cwd(), 'cli/bin.mjs'), 'rides', 'generate', '--tenant', world.tenantId, '--from', from, '--to', today];
      execFile(process.execPath, args, { env: { ...env.env, FLEET_URL: proxy.url } }, (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
    });
    proxy.server.close();

    expect(run.code, run.stdout).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
