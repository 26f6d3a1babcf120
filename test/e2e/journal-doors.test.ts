import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectTestbed, startTestbed } from '../../testing/index.ts';
import { serveForSuite } from '../support/process.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const VEHICLE = { plate: 'JRN1234', brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' };

/** The request journal through each door of a real serve: the testing library, the CLI, a scenario step. */
describe('the request journal on a running serve', () => {
  const env = serveForSuite({ FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z' });
  const dir = mkdtempSync(join(tmpdir(), 'fleet-journal-e2e-'));
  type StepSeen = { status: string; failures: string[]; request?: unknown; response?: { status?: unknown; body: unknown } };
  /** Writes a scenario of these lines into the suite's dir and runs it with the CLI: its exit and its steps. */
  async function runScenarioLines(fileName: string, lines: string[]) {
    const file = join(dir, fileName);
    writeFileSync(file, lines.join('\n'));
    const res = await env.cli(['scenario', 'run', file], 120_000);
    return { code: res.code, steps: (res.json.steps ?? res.json.scenarios[0].steps) as StepSeen[] };
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The CLI as a person runs it (human output unless --json is given), stopped with Ctrl-C once `stopWhen` holds. */
  const run = (args: string[], stopWhen?: (stdout: string) => boolean) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env: env.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stopWhen?.(stdout)) child.kill('SIGINT');
      });
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('when a world sends requests, then world.requests() gives them newest first and expectRequests passes or says what was sent', async () => {
    const testbed = await connectTestbed(env.base);
    const world = await testbed.createWorld({ name: 'Mundo Diario' });
    await world.client.POST('/v1/vehicles', { body: VEHICLE });
    await world.client.GET('/v1/vehicles');

    const all = await world.requests();
    const posts = await world.expectRequests({ method: 'POST', path: '/v1/vehicles', count: 1 });
    const failure = await world.expectRequests({ method: 'PATCH', path: '/v1/vehicles/{id}', count: 2 }).catch((err: Error) => err);

    expect(all.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /v1/vehicles 200', 'POST /v1/vehicles 201']);
    expect(posts[0].request.body).toEqual(VEHICLE);
    expect(posts[0].request.headers.authorization).not.toContain(world.key);
    expect((failure as Error).message).toBe(
      `Se esperaban 2 solicitudes PATCH /v1/vehicles/{id} en el mundo Mundo Diario (tenant ${world.tenantId}); llegaron 0.\n` +
        'Lo que este mundo envió (la más reciente primero, hasta 10):\n' +
        '  GET /v1/vehicles → 200\n' +
        `  POST /v1/vehicles → 201 ${JSON.stringify(VEHICLE)}`,
    );
    expect(await world.clearRequests()).toBe(2);
    expect(await world.requests()).toEqual([]);
  }, 120_000);

  it('when more than a page is asked for (limit 150 of 230), then world.requests() reads it page by page; a bad count is refused before any call', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    for (let i = 0; i < 230; i += 23) await Promise.all(Array.from({ length: 23 }, () => world.client.GET('/v1/me')));

    const some = await world.requests({ limit: 150 });
    const all = await world.requests();
    const refused = await world.requests({ limit: 0 }).catch((err: Error) => err);
    const badCount = await world.expectRequests({ operation: 'getMe', count: -1 }).catch((err: Error) => err);

    expect(some).toHaveLength(150);
    expect(some.map((e) => e.id)).toEqual(all.slice(0, 150).map((e) => e.id));
    expect(all).toHaveLength(230);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(badCount).toMatchObject({ status: 400, code: 'VALIDATION', message: 'expectRequests: count debe ser un número entero de 0 en adelante (recibió -1)' });
  }, 120_000);

  it('when the journal is off (FLEET_JOURNAL_MB=0), then expectRequests fails saying so, even for a count of 0 (it passed whatever was sent)', async () => {
    const off = await startTestbed({ env: { FLEET_JOURNAL_MB: '0' } });
    try {
      const world = await off.createWorld();
      await world.client.GET('/v1/me');

      const none = await world.expectRequests({ count: 0 }).catch((err: Error) => err);

      expect(none).toMatchObject({ status: 409, code: 'CONFLICT', message: expect.stringContaining('El diario de solicitudes está apagado en este testbed (FLEET_JOURNAL_MB=0)') });
    } finally {
      await off.stop();
    }
  }, 120_000);

  it('when a fault rule answers two tries of a client, then the journal lists the three tries with the rule that answered each', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    const rule = await world.faults.add({ effect: 'rate_limited', operation: 'createVehicle', times: 2, retryAfter: 0 });
    for (let i = 0; i < 3; i++) await world.client.POST('/v1/vehicles', { body: { ...VEHICLE, plate: 'JRN9012' } });

    const tries = await world.expectRequests({ operation: 'createVehicle', count: 3 });

    expect(tries.map((t) => [t.status, t.fault])).toEqual([[201, null], [429, rule.id], [429, rule.id]]);
    // A failed expectation lists each answer with the rule that gave it, if one did.
    const failed = await world.expectRequests({ operation: 'createVehicle', count: 1 }).catch((err: Error) => err.message);
    expect(failed).toContain(`POST /v1/vehicles → 201 {`);
    expect(failed).toContain(`POST /v1/vehicles → 429 (regla ${rule.id}) {`);
  }, 120_000);

  it('when `fleet-sim requests` is run, then it prints a compact table, oldest first, or one JSON document with --json', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    const empty = await run(['requests', '--tenant', world.tenantId]);
    const emptyFiltered = await run(['requests', '--tenant', world.tenantId, '--status', '5xx']);
    await world.client.GET('/v1/me');
    await world.client.GET('/v1/vehicles/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    await world.client.GET('/v1/nada' as '/v1/me');

    const human = await run(['requests', '--tenant', world.tenantId]);
    const only404 = await run(['requests', '--tenant', world.tenantId, '--status', '4xx', '--json']);
    const bad = await run(['requests', '--tenant', world.tenantId, '--limit', '500']);

    const lines = human.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^HORA DEL MUNDO\s+MÉTODO\s+EST\s+MS\s+RUTA → OPERACIÓN$/);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} CDMX\s/);
    expect(lines.slice(1).map((l) => l.replace(/\s+\d+\s+\//, ' /').split(/\s{2,}/).slice(1).join(' '))).toEqual([
      'GET 200 /v1/me → getMe',
      'GET 404 /v1/vehicles/00000000-0000-4000-8000-000000000000 → getVehicle',
      'GET 404 /v1/nada → sin operación',
    ]);
    // Said as the dashboard says it; and an empty journal is not "nothing that matches the filter" when there is none.
    expect([empty.stdout, emptyFiltered.stdout]).toEqual(['Este mundo no tiene solicitudes en su diario.\n', 'Este mundo no tiene solicitudes que cumplan el filtro.\n']);
    expect(JSON.parse(only404.stdout).data.map((e: { status: number }) => e.status)).toEqual([404, 404]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe('error: La solicitud no es válida (--limit debe ser como máximo 100).');
  }, 120_000);

  it('when `fleet-sim requests` is given the journal list\'s other filters, then it passes them to the control API, whose messages it shows', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    await world.client.GET('/v1/me');
    await world.client.GET('/v1/vehicles');
    await world.client.GET('/v1/me');

    const byOperation = await run(['requests', '--tenant', world.tenantId, '--operation', 'getMe', '--json']);
    const [newest] = JSON.parse(byOperation.stdout).data as { id: string }[];
    const older = await run(['requests', '--tenant', world.tenantId, '--starting-after', newest.id, '--limit', '1', '--json']);
    const oldest = JSON.parse(byOperation.stdout).data[1].id as string;
    const pastOldest = await run(['requests', '--tenant', world.tenantId, '--starting-after', oldest]);
    const unknown = await run(['requests', '--tenant', world.tenantId, '--operation', 'getMee']);
    const badCursor = await run(['requests', '--tenant', world.tenantId, '--starting-after', '42']);
    const help = await run(['requests', '--help']);

    expect(JSON.parse(byOperation.stdout)).toMatchObject({ data: [{ operation: 'getMe' }, { operation: 'getMe' }], hasMore: false });
    expect(JSON.parse(older.stdout)).toMatchObject({ data: [{ path: '/v1/vehicles', operation: 'listVehicles' }], hasMore: true });
    // Nothing was filtered out: there is nothing older.
    expect(pastOldest.stdout).toBe(`No hay solicitudes más antiguas que ${oldest}.\n`);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/^error: .*getMee/);
    expect(badCursor.code).not.toBe(0);
    expect(badCursor.stderr.trim()).toBe('error: La solicitud no es válida (--starting-after debe ser el id de una entrada del diario, p. ej. je_42).');
    expect(help.stdout).toMatch(/--operation <operationId>\s+solo las de esta operación/);
    expect(help.stdout).toMatch(/--starting-after <entryId>\s+la página siguiente/);
  }, 120_000);

  it('when `fleet-sim requests --har FILE` is run, then the file holds the matching entries as HAR 1.2, oldest first; - writes it to stdout', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    await world.client.GET('/v1/me');
    await world.client.GET('/v1/vehicles');
    await world.client.GET('/v1/me');
    const file = join(dir, 'diario.har');

    const written = await run(['requests', '--tenant', world.tenantId, '--operation', 'getMe', '--har', file]);
    const json = await run(['requests', '--tenant', world.tenantId, '--har', file, '--json']);
    const stdout = await run(['requests', '--tenant', world.tenantId, '--status', '2xx', '--har', '-']);
    const following = await run(['requests', '--tenant', world.tenantId, '--har', file, '--follow']);
    const limited = await run(['requests', '--tenant', world.tenantId, '--har', file, '--limit', '1']);
    const nowhere = await run(['requests', '--tenant', world.tenantId, '--har', join(dir, 'no-existe', 'x.har')]);

    expect(written.stdout).toBe(`2 solicitudes en ${file} (HAR 1.2: en las herramientas del navegador, Red → Importar HAR)\n`);
    expect(JSON.parse(json.stdout)).toEqual({ file, entries: 3 });
    const har = JSON.parse(readFileSync(file, 'utf8'));
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((e: { request: { url: string } }) => new URL(e.request.url).pathname)).toEqual(['/v1/me', '/v1/vehicles', '/v1/me']);
    expect(JSON.parse(stdout.stdout).log.entries).toHaveLength(3);
    const refused = 'error: --har exporta todas las que cumplen el filtro: no se combina con --limit, --follow ni --starting-after';
    expect([following.code, following.stderr.trim()]).toEqual([1, refused]);
    // Taken as a cut, --limit 1 wrote every entry all the same: it is refused, not ignored.
    expect([limited.code, limited.stderr.trim()]).toEqual([1, refused]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/^error: no se podrá escribir .*x\.har: /);
  }, 120_000);

  it('when `fleet-sim requests --follow` runs, then a request made after it started is printed as it comes', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    await world.client.GET('/v1/me');
    // Each request made only once the previous one is on screen: the last two come while it follows.
    const following = run(['requests', '--tenant', world.tenantId, '--follow', '--json'], (out) => {
      const seen = out.trim().split('\n').length;
      if (out.endsWith('\n') && seen === 1) void world.client.GET('/v1/drivers');
      if (out.endsWith('\n') && seen === 2) void world.client.GET('/v1/vehicles');
      return seen === 3 && out.endsWith('\n');
    });

    const followed = await following;

    const entries = followed.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(entries.map((e: { path: string }) => e.path)).toEqual(['/v1/me', '/v1/drivers', '/v1/vehicles']);
    expect(followed.code).toBe(0);
  }, 120_000);

  it('when `requests --follow --json` ends on an error (its world deleted meanwhile), then every stdout line is one JSON value, the error envelope included', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    await world.client.GET('/v1/me');
    const following = run(['requests', '--tenant', world.tenantId, '--follow', '--json'], (out) => {
      if (out.split('\n').length === 2) void world.delete();
      return false;
    });

    const followed = await following;

    const lines = followed.stdout.trim().split('\n');
    expect(followed.code).toBe(1);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([{ path: '/v1/me' }, { error: { code: 'NOT_FOUND' } }]);
  }, 120_000);

  it('when `requests --follow` is piped into a reader that leaves (| head -1), then it stops at the next line it writes, with 0 and no trace', async () => {
    const world = await (await connectTestbed(env.base)).createWorld();
    await world.client.GET('/v1/me');
    const child = spawn(process.execPath, [BIN, 'requests', '--tenant', world.tenantId, '--follow', '--json'], { env: env.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The first line read, the reader gone; the next request's line finds the pipe closed.
    await new Promise<void>((resolve) => child.stdout.once('data', () => {
      child.stdout.destroy();
      resolve();
    }));
    await world.client.GET('/v1/drivers');

    expect(await ended).toBe(0);
    expect(stderr).toBe('');
  }, 120_000);

  it('when a scenario has expectRequests steps, then the right count passes and a wrong one fails naming what was sent', async () => {
    const { code, steps } = await runScenarioLines('diario.yaml', [
      'name: diario',
      'tenants: [{as: flota, name: Flota Diario, keys: [{as: k}]}]',
      'steps:',
      `  - request: {method: POST, path: /v1/vehicles, body: ${JSON.stringify({ ...VEHICLE, plate: 'JRN5678' })}}`,
      '  - request: {method: GET, path: /v1/vehicles}',
      '  - expectRequests: {method: POST, path: /v1/vehicles, count: 1}',
      '  - expectRequests: {path: "/v1/vehicles/{id}", count: 0}',
      '  - expectRequests: {method: GET, count: 2}',
    ]);

    expect(steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'failed']);
    // The world by its alias, as a fault step names it: its id differs from run to run.
    expect(steps[2].request).toEqual({ method: 'GET', path: '/_testbed/tenants/{tenant}/requests', worlds: ['flota'], body: { method: 'POST', path: '/v1/vehicles' } });
    expect(steps[2].response?.body).toEqual({ count: 1, requests: ['POST /v1/vehicles → 201'] });
    expect(steps[4].failures).toEqual([
      'expectRequests: se esperaban 2 solicitudes GET en el mundo flota; llegaron 1. ' +
        'Lo que envió (la más reciente primero): GET /v1/vehicles → 200; POST /v1/vehicles → 201',
    ]);
    expect(code).not.toBe(0);
  }, 180_000);

  it('when a scenario restores its world, then its fault rules and journal stay until clearFaults and clearRequests clear them, that world\'s only', async () => {
    const { code, steps } = await runScenarioLines('limpiar.yaml', [
      'name: limpiar',
      'tenants: [{as: flota, name: Flota Limpia, keys: [{as: k}]}, {as: otra, name: Flota Otra, keys: [{as: o}]}]',
      'steps:',
      '  - saveSnapshot: inicio',
      '  - fault: {effect: unavailable, operation: listVehicles}',
      '  - fault: {effect: unavailable, operation: listVehicles, tenant: otra}',
      '  - {request: {method: GET, path: /v1/vehicles}, expect: {status: 503}}',
      '  - {request: {method: GET, path: /v1/vehicles, key: o}, expect: {status: 503}}',
      '  - restoreSnapshot: inicio',
      '  - {request: {method: GET, path: /v1/vehicles}, expect: {status: 503}}',
      '  - expectRequests: {count: 2}',
      '  - clearFaults: true',
      '  - restoreSnapshot: inicio',
      '  - clearRequests: {tenant: flota}',
      '  - {request: {method: GET, path: /v1/vehicles}, expect: {status: 200}}',
      '  - expectRequests: {count: 1}',
      '  - {request: {method: GET, path: /v1/vehicles, key: o}, expect: {status: 503}}',
      '  - expectRequests: {count: 2, tenant: otra}',
    ]);

    expect(steps.map((s) => s.status)).toEqual(Array(15).fill('passed'));
    expect(steps[8].request).toEqual({ method: 'DELETE', path: '/_testbed/tenants/{tenant}/faults', worlds: ['flota'] });
    expect(steps[10].request).toEqual({ method: 'DELETE', path: '/_testbed/tenants/{tenant}/requests', worlds: ['flota'] });
    expect(code).toBe(0);
  }, 180_000);

  it('when a request step\'s answer takes longer than its timeout, then the step fails saying so, and the rest is skipped', async () => {
    const { code, steps } = await runScenarioLines('espera.yaml', [
      'name: espera',
      'tenants: [{as: flota, name: Flota Espera, keys: [{as: k}]}]',
      'steps:',
      '  - fault: {effect: delay, delayMs: 2000, operation: getMe}',
      '  - request: {method: GET, path: /v1/me, timeout: 1s}',
      '  - request: {method: GET, path: /v1/me}',
    ]);

    expect(steps.map((s) => s.status)).toEqual(['passed', 'failed', 'skipped']);
    expect(steps[1].failures[0]).toMatch(/^no se pudo llamar a http:\/\/127\.0\.0\.1:\d+\/v1\/me: no respondió en 1 s, el límite del paso \(request\.timeout lo cambia\)$/);
    expect(code).not.toBe(0);
  }, 180_000);

  it('when a scenario\'s expectRequests steps filter by operation and status, then they count as the journal list selects', async () => {
    const { steps } = await runScenarioLines('diario-operaciones.yaml', [
      'name: diario por operación',
      'tenants: [{as: flota, name: Flota Operaciones, keys: [{as: k}]}]',
      'steps:',
      '  - request: {method: GET, path: /v1/vehicles}',
      '  - {request: {method: GET, path: /v1/vehicles/00000000-0000-4000-8000-000000000000}, expect: {status: 404}}',
      '  - expectRequests: {operation: listVehicles, count: 1}',
      '  - expectRequests: {status: 404, count: 1}',
      '  - expectRequests: {operation: getVehicle, status: 2xx, count: 1}',
    ]);

    expect(steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'failed']);
    expect(steps[4].failures[0]).toMatch(/^expectRequests: se esperaba 1 solicitud de la operación getVehicle con estado 2xx en el mundo flota; llegaron 0\./);
  }, 180_000);

  it('when a scenario\'s request meets a reset rule, then `status: null` expects the cut connection, and any other expectation fails saying so (a matcher that takes null too)', async () => {
    const { code, steps } = await runScenarioLines('corte.yaml', [
      'name: corte',
      'tenants: [{as: flota, name: Flota Corte, keys: [{as: k}]}]',
      'steps:',
      '  - fault: {effect: reset, operation: listVehicles, times: 2}',
      '  - {request: {method: GET, path: /v1/vehicles}, expect: {status: null, body: null}}',
      '  - expectRequests: {status: none, count: 1}',
      '  - {request: {method: GET, path: /v1/vehicles}, expect: {status: {$exists: true}}}',
    ]);

    expect(steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'failed']);
    expect(steps[1].response).toEqual({ status: null, body: null });
    expect(steps[3].failures).toEqual([
      expect.stringMatching(/^status: se esperaba \{"\$exists":true\}, no llegó respuesta \(no se pudo llamar a http:\/\/127\.0\.0\.1:\d+\/v1\/vehicles: la conexión se cortó; si el paso la busca, espera status: null\)$/),
    ]);
    expect(code).not.toBe(0);
  }, 180_000);

  it('when a scenario\'s fault step is a rule the control API would refuse, then the file is refused before any world is made, naming the step and the field', async () => {
    const file = join(dir, 'falla-mala.yaml');
    writeFileSync(file, [
      'name: falla mala',
      'tenants: [{as: flota, name: Flota Falla Mala, keys: [{as: k}]}]',
      'steps:',
      '  - request: {method: GET, path: /v1/me}',
      '  - {name: explota, fault: {effect: explode, times: 0}}',
    ].join('\n'));

    const res = await env.cli(['scenario', 'run', file], 120_000);
    const worlds = await env.cli(['tenants', 'list']);

    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('  - paso 2 ("explota"): fault.effect: effect debe ser uno de: rate_limited, unavailable, internal, delay, reset');
    expect(res.stderr).toContain('  - paso 2 ("explota"): fault.times: times debe ser al menos 1');
    expect(JSON.stringify(worlds.json)).not.toContain('Flota Falla Mala');
  }, 180_000);
});
