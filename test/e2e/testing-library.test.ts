import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../client/index.ts';
import { connectTestbed, startTestbed, TestbedError, type StartedTestbed, type World } from '../../testing/index.ts';
import { TINY_PNG } from '../support/images.ts';

const portOf = (url: string) => Number(new URL(url).port);
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('fleet-testbed/testing on a started testbed', () => {
  let testbed: StartedTestbed;
  beforeAll(async () => void (testbed = await startTestbed({ clockStart: '2026-05-04T12:00:00.000Z' })), 60_000);
  afterAll(() => testbed?.stop());

  it('when startTestbed resolves, then the API answers on its url and the data dir is a new temp dir', async () => {
    const health = await fetch(`${testbed.url}/v1/health`);

    expect(health.status).toBe(200);
    expect(testbed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(testbed.dataDir).toMatch(/fleet-testbed-/);
    expect(existsSync(testbed.dataDir)).toBe(true);
  });

  it('when startTestbed starts serve, then its young generation is capped (the API\'s memory beside many worlds)', () => {
    const args = readFileSync(`/proc/${testbed.pid}/cmdline`, 'utf8').split('\0');
    expect(args).toContain('--max-semi-space-size=16');
  });

  it('when two worlds are made, then each key sees only its own vehicles and each clock moves alone', async () => {
    const [a, b] = await Promise.all([testbed.createWorld({ name: 'Flota A' }), testbed.createWorld()]);
    const plate = 'WLD1234';
    const created = await a.client.POST('/v1/vehicles', { body: { plate, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' } });

    const seenByA = await a.client.GET('/v1/vehicles', { params: { query: { plate } } });
    const seenByB = await b.client.GET('/v1/vehicles', { params: { query: { plate } } });
    const movedA = await a.advance('3d');

    expect(created.response.status).toBe(201);
    expect(seenByA.data?.data.map((v) => v.id)).toEqual([created.data?.id]);
    expect(seenByB.data?.data).toEqual([]);
    expect(new Date(movedA).getTime() - new Date(await b.now()).getTime()).toBe(3 * 86_400_000);
    expect(a.tenantId).not.toBe(b.tenantId);
    expect(a.name).toBe('Flota A');
    // No name given: the calling file's, so a file's worlds keep their ids whatever order files run in.
    expect(b.name).toMatch(/^Mundo \d+ de test\/e2e\/testing-library\.test\.ts$/);
  });

  it('when a world is made pending, then its key answers 403 TENANT_PENDING until approve()', async () => {
    const world = await testbed.createWorld({ status: 'pending', scopes: ['vehicles:read'] });

    const before = await world.client.GET('/v1/vehicles');
    await world.approve();
    const after = await world.client.GET('/v1/vehicles');

    expect(before.error?.error.code).toBe('TENANT_PENDING');
    expect(after.response.status).toBe(200);
  });

  it('when the control API refuses a call, then it throws a TestbedError with the Spanish message, code and status', async () => {
    const world = await testbed.createWorld();

    const refused = await world.platformA.accept(NO_SUCH_ID).catch((err: unknown) => err);
    const badDuration = await world.advance('pronto').catch((err: unknown) => err);

    expect(refused).toBeInstanceOf(TestbedError);
    expect(refused).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((refused as Error).message).toMatch(/no/);
    expect(badDuration).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Duración no válida: «pronto» (ejemplos: 45m, 6h, 3d).' });
  });

  it('when a snapshot name the serve would refuse is given to any of the four snapshot calls, then each rejects before calling, with the serve\'s message and detail', async () => {
    const world = await testbed.createWorld();
    const name = 'Mal Nombre';
    const serves = await fetch(`${testbed.url}/_testbed/tenants/${world.tenantId}/snapshots`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }),
    }).then((res) => res.json());

    const refusals = await Promise.all([world.snapshot(name), world.restore(name), testbed.snapshot(name), testbed.restore(name)]
      .map((call) => call.then(() => null, (err: unknown) => err)));

    for (const refused of refusals) {
      expect(refused).toBeInstanceOf(TestbedError);
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION', requestId: null, message: serves.error.message, details: serves.error.details });
    }
    expect(await world.snapshots()).toEqual([]);
  });

  it('when a world is deleted, then its key answers 401; deleted again (a cleanup after a test that deleted it), nothing happens, and its other calls say it is gone', async () => {
    const world = await testbed.createWorld();

    await world.delete();
    const me = await world.client.GET('/v1/me');
    const again = await world.delete().then(() => 'resolved', (err: unknown) => err);
    const restore = await world.restore('inicio').catch((err: unknown) => err);

    expect(me.response.status).toBe(401);
    expect(again).toBe('resolved');
    expect(restore).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: null,
      message: `El mundo «${world.name}» (tenant ${world.tenantId}) ya no existe: lo borró su delete(). Crea otro con createWorld().` });
  });

  it('when a snapshot is restored, then a world made after it is gone; after reset, every world is', async () => {
    const kept = await testbed.createWorld();
    const saved = await testbed.snapshot('library-test');
    const later = await testbed.createWorld();

    const restored = await testbed.restore('library-test');
    const laterAfterRestore = await fetch(`${testbed.url}/v1/me`, { headers: { Authorization: `Bearer ${later.key}` } });
    const keptAfterRestore = await kept.client.GET('/v1/me');
    await testbed.reset();
    const keptAfterReset = await fetch(`${testbed.url}/v1/me`, { headers: { Authorization: `Bearer ${kept.key}` } });

    expect(saved.name).toBe('library-test');
    expect(restored.name).toBe('library-test');
    expect(laterAfterRestore.status).toBe(401);
    expect(keptAfterRestore.response.status).toBe(200);
    expect(keptAfterReset.status).toBe(401);
  });

  it('when a reset replaced a world and a new world took its tenant id, then the old handle refuses (404 naming it) instead of acting on the new world', async () => {
    await testbed.reset();
    const old = await testbed.createWorld({ name: 'Mundo viejo' });
    await testbed.reset();
    // The same name after a reset: the same tenant id (a world's id comes from its name and the worlds of that name before it).
    const fresh = await testbed.createWorld({ name: 'Mundo viejo' });

    const added = await old.faults.add({ effect: 'internal', operation: 'getMe' }).catch((err: unknown) => err);
    const read = await old.requests().catch((err: unknown) => err);
    const plate = await fresh.unique.plate();
    const created = await old.client.POST('/v1/vehicles', { body: { plate, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' } }).catch((err: unknown) => err);

    // The id streams start again at a reset: the hazard itself.
    expect(fresh.tenantId).toBe(old.tenantId);
    expect(added).toBeInstanceOf(TestbedError);
    expect(added).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringMatching(/^El mundo «Mundo viejo» \(tenant [0-9a-f-]{36}\) ya no existe: un reset\(\) o un restore\(\) de todo el testbed/) });
    expect(read).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // The old key is the new world's key too: its client refuses, and nothing reaches the new world.
    expect(old.key).toBe(fresh.key);
    expect(created).toBeInstanceOf(TestbedError);
    expect(created).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringContaining('El mundo «Mundo viejo»') });
    expect(await fresh.faults.list()).toEqual([]);
    expect((await fresh.client.GET('/v1/me')).response.status).toBe(200);
    expect((await fresh.client.GET('/v1/vehicles')).data?.data).toEqual([]);
  });

  it('when a world deleted by its own handle is then replaced by a reset and a new world takes its tenant id, then its client refuses too (as after any reset), nothing reaching the new world', async () => {
    await testbed.reset();
    const old = await testbed.createWorld({ name: 'Mundo borrado' });
    await old.delete();
    await testbed.reset();
    const fresh = await testbed.createWorld({ name: 'Mundo borrado' });

    const plate = await fresh.unique.plate();
    const created = await old.client.POST('/v1/vehicles', { body: { plate, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' } }).catch((err: unknown) => err);
    const added = await old.faults.add({ effect: 'internal', operation: 'getMe' }).catch((err: unknown) => err);

    expect(old.key).toBe(fresh.key);
    expect(created).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expect.stringMatching(/^El mundo «Mundo borrado» \(tenant [0-9a-f-]{36}\) ya no existe: un reset\(\)/) });
    expect(added).toMatchObject({ status: 404, message: expect.stringContaining('un reset()') });
    expect((await fresh.client.GET('/v1/vehicles')).data?.data).toEqual([]);
  });

  it('when a whole snapshot is restored, then a handle of a world it held works again, and one made after it refuses', async () => {
    const held = await testbed.createWorld({ name: 'Guardado' });
    await testbed.snapshot('handles');
    const later = await testbed.createWorld({ name: 'Posterior' });

    await testbed.restore('handles');

    expect(await held.requests()).toEqual([]);
    await expect(later.requests()).rejects.toMatchObject({ status: 404, message: expect.stringContaining('El mundo «Posterior»') });
  });

  it('when a whole snapshot saved through another handle (a global setup\'s) is restored, then every world this handle made refuses: none is known to be in it', async () => {
    const other = await connectTestbed(testbed.url);
    const world = await testbed.createWorld({ name: 'Antes de base' });
    await other.snapshot('base-ajena');

    await testbed.restore('base-ajena');

    await expect(world.requests()).rejects.toMatchObject({ status: 404, message: expect.stringContaining('El mundo «Antes de base»') });
    expect(await (await testbed.createWorld()).requests()).toEqual([]);
  });

  it('when requests or expectRequests get a filter they do not have (plain JavaScript), then they reject naming it: a typo does not select everything', async () => {
    const world = await testbed.createWorld();
    await world.client.GET('/v1/me');

    await expect(world.requests({ methd: 'POST' } as never)).rejects.toMatchObject({
      status: 400, code: 'VALIDATION', message: 'requests no admite methd (se admiten method, path, operation, status, limit)',
    });
    await expect(world.expectRequests({ method: 'GET', cuont: 2 } as never)).rejects.toMatchObject({
      status: 400, message: 'expectRequests no admite cuont (se admiten method, path, operation, status, count)',
    });
    await expect(world.requests('GET' as never)).rejects.toMatchObject({ status: 400, message: 'requests admite un objeto (method, path, operation, status, limit); recibió "GET"' });
    expect(await world.expectRequests({ method: 'GET', count: 1 })).toHaveLength(1);
  });

  it('when createWorld is given no object (a name alone) or a null fixture, then it rejects saying what it takes, and no world is made', async () => {
    const before = (await (await fetch(`${testbed.url}/_testbed/tenants`)).json()).data.length;

    await expect(testbed.createWorld('mundo' as never)).rejects.toMatchObject({
      status: 400, message: 'createWorld admite un objeto (name, status, scopes, environment, fixture); recibió "mundo"',
    });
    await expect(testbed.createWorld({ fixture: null } as never)).rejects.toMatchObject({ status: 400, code: 'VALIDATION', message: expect.stringContaining('fixture') });
    expect((await (await fetch(`${testbed.url}/_testbed/tenants`)).json()).data.length).toBe(before);
  });

  it('when connectTestbed is given the url of a running serve, then its worlds work the same', async () => {
    const connected = await connectTestbed(`${testbed.url}/`);
    const world = await connected.createWorld();

    const me = await world.client.GET('/v1/me');
    await connected.stop();

    expect(me.data?.tenantId).toBe(world.tenantId);
    expect((await fetch(`${testbed.url}/v1/health`)).status).toBe(200);
  });

  it('when serve does not answer within startTimeoutMs, then the rejection names the option and what serve had said (nothing yet)', async () => {
    await expect(startTestbed({ startTimeoutMs: 1 })).rejects.toThrow(
      'fleet-sim serve no respondió en 1 ms (startTimeoutMs; en una máquina cargada, dale más): no escribió nada todavía',
    );
  });

  it('when connectTestbed is given a url where nothing listens, then it rejects saying so', async () => {
    // Not port 1: fetch refuses it outright (the Fetch standard's bad ports), which is said otherwise.
    const closed = `http://127.0.0.1:${portOf(testbed.url) === 2 ? 4 : 2}`;

    await expect(connectTestbed(closed)).rejects.toThrow(`no hay un testbed escuchando en ${closed}`);
  });

  it.each([undefined, '', '127.0.0.1:3000', 'testbed'])('when connectTestbed is given %j (a forgotten FLEET_URL, no scheme), then it rejects saying what URL it needs', async (url) => {
    await expect(connectTestbed(url as string)).rejects.toMatchObject({
      status: 400, code: 'VALIDATION', message: expect.stringMatching(/^connectTestbed necesita la URL http\(s\) del testbed, p\. ej\. http:\/\/127\.0\.0\.1:3000 \(recibió .*: ¿falta FLEET_URL, o el globalSetup que la da\?\)$/),
    });
  });

  it.each(['?token=secreto', '/#x', '?'])('when connectTestbed is given its url with %j (a query or a fragment), then it rejects saying so before any call', async (tail) => {
    await expect(connectTestbed(`${testbed.url}${tail}`)).rejects.toMatchObject({
      status: 400, code: 'VALIDATION', message: `connectTestbed necesita la URL del testbed sin ? ni #: ${testbed.url}${tail.startsWith('/') ? '/' : ''} (el token de control es su segundo argumento)`,
    });
  });

  it('when connectTestbed is given the url of a server that is not a testbed (200 HTML to every path, or 404 JSON), then it rejects saying so', async () => {
    const { createServer } = await import('node:http');
    const answers = [(res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>app</p>'),
      (res: import('node:http').ServerResponse) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')];
    for (const answer of answers) {
      const other = createServer((_req, res) => answer(res));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(other.address() as import('node:net').AddressInfo).port}`;
      try {
        await expect(connectTestbed(url)).rejects.toThrow(new RegExp(`no es un fleet testbed|¿es ${url.replace(/\./g, '\\.')} un fleet testbed\?`));
      } finally {
        await new Promise((resolve) => other.close(resolve));
      }
    }
  });

  it('when createWorld is given a scope that is none, then its refusal names the option (scopes[1]), not the key of the call it makes', async () => {
    const made = testbed.createWorld({ scopes: ['vehicles:read', 'vehicles:reed'] as never });

    await expect(made).rejects.toMatchObject({ status: 400, code: 'VALIDATION', message: expect.stringMatching(/\(scopes\[1\]: /) });
    const err = (await made.catch((e: unknown) => e)) as { message: string; details: { field: string }[] };
    expect(err.message).not.toContain('keys.0');
    expect(err.details).toEqual([expect.objectContaining({ field: 'scopes[1]' })]);
  });

  it('when createWorld is given an option it does not have (plain JavaScript), then it rejects naming it, and no world is made', async () => {
    const before = (await (await fetch(`${testbed.url}/_testbed/tenants`)).json()).data.length;

    const made = testbed.createWorld({ fixtur: { vehicles: 2 } } as never);

    await expect(made).rejects.toMatchObject({ status: 400, code: 'VALIDATION', message: 'createWorld no admite fixtur (se admiten name, status, scopes, environment, fixture)' });
    expect((await (await fetch(`${testbed.url}/_testbed/tenants`)).json()).data.length).toBe(before);
  });

  it.each([
    [{ clockStart: 'mañana' }, 'startTestbed: clockStart debe ser una fecha-hora ISO (recibido: mañana)'],
    [{ seed: 1.5 }, 'startTestbed: seed debe ser un número entero (recibido: 1.5)'],
    [{ rateLimit: -1 }, 'startTestbed: rateLimit debe ser un número entero ≥ 0 (recibido: -1)'],
    // Set through env, it is named as set: the variable.
    [{ env: { FLEET_SEED: 'abc' } }, 'startTestbed: FLEET_SEED debe ser un número entero (recibido: abc)'],
    // What the library itself uses: each was a thrown TypeError, a start hung for its timeout, or Node's English.
    [{ output: 'stderr' }, 'startTestbed: output debe ser un flujo con write(), p. ej. process.stderr; recibió "stderr"'],
    [{ output: {} }, 'startTestbed: output debe ser un flujo con write(), p. ej. process.stderr; recibió {}'],
    [{ dataDir: 123 }, 'startTestbed: dataDir debe ser la ruta de un directorio (texto); recibió 123'],
    [{ startTimeoutMs: 'x' }, 'startTestbed: startTimeoutMs debe ser un número entero de milisegundos mayor que 0; recibió "x"'],
    [{ startTimeoutMs: 0 }, 'startTestbed: startTimeoutMs debe ser un número entero de milisegundos mayor que 0; recibió 0'],
    [{ env: 'FLEET_SEED=1' }, 'startTestbed: env debe ser un objeto de variables, p. ej. { FLEET_CONTROL_TOKEN: \'…\' }; recibió "FLEET_SEED=1"'],
    [{ env: { FLEET_SEED: 1, FLEET_RATE_LIMIT: '0' } }, 'startTestbed: env: el valor de FLEET_SEED debe ser texto, como el de toda variable de entorno'],
  ])('when startTestbed is given %j, then it rejects with a TestbedError naming the option, before starting anything', async (options, message) => {
    const started = startTestbed(options as never);

    await expect(started).rejects.toBeInstanceOf(TestbedError);
    await expect(started).rejects.toMatchObject({ status: 400, code: 'VALIDATION', message });
  });

  it('when startTestbed is given an option it does not have (plain JavaScript: clockstart), then it rejects naming it, before starting anything', async () => {
    const started = startTestbed({ clockstart: '2026-05-04T12:00:00.000Z', seed: 9 } as never);

    await expect(started).rejects.toMatchObject({
      status: 400, code: 'VALIDATION', message: 'startTestbed no admite clockstart (se admiten dataDir, seed, clockStart, rateLimit, env, output, startTimeoutMs)',
    });
  });

  it('when a world is made, then its url is the testbed\'s: with its key, what the code under test is given', async () => {
    const world = await testbed.createWorld();

    const me = await fetch(`${world.url}/v1/me`, { headers: { authorization: `Bearer ${world.key}` } });

    expect(world.url).toBe(testbed.url);
    expect(me.status).toBe(200);
  });

  it.each(['/v1', '/_testbed', '/v1/', '/dashboard'])('when connectTestbed is given the url with %s, then it rejects naming the url to give', async (path) => {
    await expect(connectTestbed(`${testbed.url}${path}`)).rejects.toMatchObject({
      status: 400, code: 'VALIDATION', message: `connectTestbed necesita la URL del testbed sin ${path.replace(/\/$/, '')}: ${testbed.url}`,
    });
  });

  it('when a second testbed is started on the running one\'s data dir, then it rejects with serve\'s reason and leaves the dir', async () => {
    const second = startTestbed({ dataDir: testbed.dataDir });

    await expect(second).rejects.toThrow(new RegExp(`terminó antes de escuchar \\(código 1\\): .*${testbed.pid}`));
    expect(existsSync(testbed.dataDir)).toBe(true);
  }, 60_000);

  const vehicleOn = async (world: World, plate: string, vin: string) => {
    const body = { plate, vin, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco', city: 'Guadalajara' };
    return (await world.client.POST('/v1/vehicles', { body })).data!.id;
  };
  const registerOn = (world: World, id: string, platform: 'platform_a' | 'platform_b') =>
    world.client.POST('/v1/vehicles/{id}/registrations', { params: { path: { id } }, body: { platform } });

  it('when a card goes through the typed client as a Blob, then the API takes it and platform_a\'s review is decided by the world', async () => {
    const world = await testbed.createWorld();
    const id = await vehicleOn(world, 'CRD1234', '1HGCM82633A004352');
    await registerOn(world, id, 'platform_a');

    const upload = await world.client.POST('/v1/vehicles/{id}/documents', {
      params: { path: { id } },
      body: { type: 'circulation_card_front', file: new Blob([TINY_PNG], { type: 'image/png' }) },
    });
    const review = await world.platformA.review(id, 'approved');
    const held = await world.platform('platform_a');

    expect(upload.response.status).toBe(201);
    expect(upload.data).toMatchObject({ vehicleId: id, contentType: 'image/png', sizeBytes: TINY_PNG.length, status: 'submitted' });
    expect(review).toEqual({ vehicleId: id, verdict: 'approved', card: 'approved', status: 'approved' });
    expect(held.vehicles).toEqual([{ vehicleId: id, status: 'approved' }]);
  });

  it('when the typed client is refused, then error holds the API\'s envelope and data is undefined', async () => {
    const world = await testbed.createWorld();

    const missing = await world.client.GET('/v1/vehicles/{id}', { params: { path: { id: NO_SUCH_ID } } });

    expect(missing.response.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expect(missing.error?.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/veh[ií]culo/i) });
  });

  it('when a world generates the rides of past days, then they come counted per platform and the client lists them', async () => {
    const world = await testbed.createWorld();
    const id = await vehicleOn(world, 'RID1234', '2HGCM82633A004352');
    await registerOn(world, id, 'platform_b');

    const generated = await world.generateRides('2026-05-01', '2026-05-03');
    const rides = await world.client.GET('/v1/rides', { params: { query: { platform: 'platform_b', from: '2026-05-01', to: '2026-05-03', limit: 100 } } });

    expect(generated).toMatchObject({ tenantId: world.tenantId, generatedTo: '2026-05-03', platforms: { platform_b: { vehicles: 1 } } });
    expect(generated.platforms.platform_b.rides).toBeGreaterThan(0);
    expect(rides.data?.data.length).toBe(Math.min(100, generated.platforms.platform_b.rides));
  });

  it('when a world sets a platform fault, then faults.platforms() lists it and that platform\'s calls answer 503 until it is set back to none', async () => {
    const world = await testbed.createWorld();
    const id = await vehicleOn(world, 'FLT1234', '3HGCM82633A004352');
    const register = () => registerOn(world, id, 'platform_b');

    const set = await world.faults('platform_b', 'error');
    const listed = await world.faults.platforms();
    const during = await register().finally(() => world.faults('platform_b', 'none'));
    const listedAfter = await world.faults.platforms();
    const after = await register();

    expect(set).toMatchObject({ platform: 'platform_b', mode: 'error' });
    expect([listed, listedAfter]).toEqual([{ platform_b: { mode: 'error', ms: 0 } }, {}]);
    expect(await world.faults.list()).toEqual([]);
    expect(during.error?.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(after.response.status).toBe(201);
  });

  it('when a world syncs, then it answers its own now and nothing unread; a world gone refuses', async () => {
    const world = await testbed.createWorld();
    await world.advance('3h');

    const synced = await world.sync();
    await world.delete();
    const gone = await world.sync().catch((err: unknown) => err);

    expect(synced).toEqual({ now: expect.any(String), notSynced: [] });
    expect(Date.parse(synced.now) - Date.parse(await testbed.createWorld().then((w) => w.now()))).toBe(3 * 3_600_000);
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('when a world registers a vehicle on platform_a, then its coverage counts none → pending and another world\'s does not', async () => {
    const [a, b] = await Promise.all([testbed.createWorld(), testbed.createWorld()]);
    const id = await vehicleOn(a, 'COV1234', '4HGCM82633A004352');
    await registerOn(a, id, 'platform_a');

    const [ofA, ofB] = await Promise.all([a.coverage(), b.coverage()]);
    const count = (coverage: typeof ofA) =>
      coverage.transitions.find((t) => t.machine === 'registration.platform_a' && t.from === 'none' && t.to === 'pending')?.count;

    expect(count(ofA)).toBe(1);
    expect(count(ofB)).toBe(0);
    expect(ofA.total).toBe(ofB.total);
    expect(ofA.covered).toBeGreaterThan(ofB.covered);
  });

  it('when the control client posts a typed body, then the control API answers it', async () => {
    const control = createControlClient({ baseUrl: testbed.url });

    const created = await control.POST('/_testbed/tenants', { body: { name: 'Por el cliente de control', keys: [{ scopes: ['rides:read'] }] } });

    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Por el cliente de control', keys: [{ scopes: ['rides:read'], environment: 'test' }] });
  });
});
