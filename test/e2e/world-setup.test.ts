import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, TestbedError, type StartedTestbed } from '../../testing/index.ts';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/** One fixture world per file, a snapshot, a restore before each test: the pattern of docs/testing.md, on a real serve. */
describe('fixtures, world snapshots and unique values through the testing library and the CLI', () => {
  let testbed: StartedTestbed;
  beforeAll(async () => void (testbed = await startTestbed({ clockStart: '2026-05-04T12:00:00.000Z' })), 60_000);
  afterAll(() => testbed?.stop());

  const cli = (args: string[], url = testbed.url) =>
    new Promise<{ code: number; json: any; stderr: string }>((resolve) => {
      const env = { ...process.env, FLEET_URL: url };
      execFile(process.execPath, [BIN, ...args, '--json'], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, json: stdout ? JSON.parse(stdout) : null, stderr });
      });
    });

  /** The same command's human output (no --json). */
  const cliText = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [BIN, ...args], { env: { ...process.env, FLEET_URL: testbed.url }, timeout: 60_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    });

  it('when a world is made with a fixture, saved and restored, then it is back as saved while another world\'s traffic is all answered', async () => {
    const world = await testbed.createWorld({ fixture: { vehicles: 3, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 2 } });
    const other = await testbed.createWorld({ fixture: { vehicles: 1 } });
    await world.snapshot('inicio');
    await world.client.POST('/v1/vehicles', { body: { plate: await world.unique.plate(), brand: 'Kia', model: 'Rio', year: 2023, color: 'rojo' } });
    await world.advance('1d');

    const reads = Promise.all(Array.from({ length: 20 }, () => other.client.GET('/v1/vehicles/{id}', { params: { path: { id: other.fixture.vehicleIds[0] } } })));
    const [restored, answers] = await Promise.all([world.restore('inicio'), reads]);

    expect(world.fixture.assignmentIds).toHaveLength(2);
    expect(answers.map((a) => a.response.status)).toEqual(Array(20).fill(200));
    expect(restored.now).toBe('2026-05-04T12:00:00.000Z');
    expect((await world.client.GET('/v1/vehicles')).data?.data.map((v) => v.id).sort()).toEqual([...world.fixture.vehicleIds].sort());
    expect((await world.platform('platform_b')).bindings).toHaveLength(2);
    expect((await world.snapshots()).map((s) => s.name)).toEqual(['inicio']);
  }, 60_000);

  it('when two worlds draw unique values, then none repeats and each is accepted by the API', async () => {
    const [a, b] = await Promise.all([testbed.createWorld(), testbed.createWorld()]);
    const values = await Promise.all([a, b].flatMap((w) => [w.unique.plate(), w.unique.vin(), w.unique.whatsapp()]));

    const made = await b.client.POST('/v1/drivers', { body: { name: 'Ana López', whatsapp: values[2], city: 'Guadalajara' } });

    expect(new Set(values).size).toBe(6);
    expect(made.response.status).toBe(201);
  }, 60_000);

  it('when a world asks for magic unique values, then they start or end as asked and the platforms act on them; an unknown option, or any for a VIN, is refused before any call', async () => {
    const world = await testbed.createWorld();
    const [plate, number] = [await world.unique.plate({ startingWith: 'FB' }), await world.unique.whatsapp({ endingWith: '0002' })];
    const misspelt = await (world.unique.plate as (o: object) => Promise<string>)({ prefix: 'FB' }).catch((e: unknown) => e);
    const badEnding = await (world.unique.whatsapp as (o: object) => Promise<string>)({ endingWith: '0005' }).catch((e: unknown) => e);
    const vinAsked = await (world.unique.vin as (o: object) => Promise<string>)({ startingWith: 'RB' }).catch((e: unknown) => e);
    const driver = await world.client.POST('/v1/drivers', { body: { name: 'Ana López', whatsapp: number, city: 'Guadalajara' } });
    await world.client.POST('/v1/drivers/{id}/invitations', { params: { path: { id: driver.data!.id } }, body: { platform: 'platform_a' } });
    await world.advance('61m');

    expect([plate.slice(0, 2), number.slice(-4)]).toEqual(['FB', '0002']);
    expect(misspelt).toMatchObject({ status: 400, code: 'VALIDATION', message: 'unique.plate no admite prefix (se admiten startingWith)' });
    expect(badEnding).toMatchObject({ status: 400, code: 'VALIDATION', message: expect.stringContaining('endingWith debe ser 0001, 0002, 0003 o 0004') });
    expect(vinAsked).toMatchObject({ status: 400, code: 'VALIDATION', message: 'unique.vin no admite startingWith (no lleva opciones)' });
    expect((await (world.unique.vin as (o: object) => Promise<string>)({})).length).toBe(17);
    const invitation = await world.client.GET('/v1/drivers/{id}/invitations/{platform}', { params: { path: { id: driver.data!.id, platform: 'platform_a' } } });
    expect(invitation.data?.status).toBe('rejected'); // the driver declined: the spec's word
  }, 60_000);

  it('when a world is deleted, then the testbed\'s coverage still counts what it did, and the world\'s own is gone', async () => {
    const registeredOnB = (c: { transitions: { machine: string; to: string; count: number }[] }) =>
      c.transitions.find((t) => t.machine === 'registration.platform_b' && t.to === 'registered')!.count;
    const before = registeredOnB(await testbed.coverage());
    const world = await testbed.createWorld({ fixture: { vehicles: 2, registeredOn: ['platform_b'] } });

    await world.delete();

    expect(registeredOnB(await testbed.coverage())).toBe(before + 2);
    await expect(world.coverage()).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it('when a restore names a snapshot the world does not have, then a TestbedError in Spanish', async () => {
    const world = await testbed.createWorld();
    const err = await world.restore('nunca').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TestbedError);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'La instantánea «nunca» de este mundo no existe: no se guardó con ese nombre, se borró, o la quitó un reinicio de serve, un reset o la restauración de una instantánea de todo el testbed (las de un mundo duran lo que dura serve).' });
    // `..` is a path step in a URL: refused before it could reach another route.
    await expect(world.restore('..')).rejects.toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('when the CLI creates a world with --fixture and saves, lists, restores and deletes its snapshot, then each prints one JSON document', async () => {
    const created = await cli(['tenants', 'create', '--name', 'Flota CLI', '--fixture', '{"vehicles":2,"registeredOn":["platform_b"]}']);
    const id = created.json.id;
    const saved = await cli(['snapshot', 'save', 'cli', '--tenant', id]);
    const listed = await cli(['snapshot', 'list', '--tenant', id]);
    const table = (await cliText(['snapshot', 'list', '--tenant', id])).split('\n');
    const restored = await cli(['snapshot', 'restore', 'cli', '--tenant', id]);
    const deleted = await cli(['snapshot', 'delete', 'cli', '--tenant', id]);
    const badJson = await cli(['tenants', 'create', '--name', 'Mal', '--fixture', '{vehicles: 2']);
    const tooMany = await cli(['tenants', 'create', '--name', 'Mal', '--fixture', '{"vehicles":501}']);
    const dotDot = await cli(['snapshot', 'restore', 'cli', '--tenant', '..']);
    const notAnId = await cli(['snapshot', 'list', '--tenant', 'flota-x']);
    const nobodyThere = await cli(['snapshot', 'list', '--tenant', 'flota-x'], 'http://127.0.0.1:1');
    const badName = await cli(['snapshot', 'restore', '..', '--tenant', id]);

    expect(created.json.fixture.vehicleIds).toHaveLength(2);
    expect(saved.json).toMatchObject({ name: 'cli', tenant: id });
    expect(listed.json.data.map((s: { name: string }) => s.name)).toEqual(['cli']);
    // Aligned under an uppercase header, as the testbed's own snapshot list and tenants list are.
    expect(table[0]).toBe('NOMBRE  HORA DEL MUNDO         TAMAÑO');
    expect(table[1]).toMatch(/^cli     2026-05-04 \d\d:\d\d CDMX  \d/);
    expect(restored.json.name).toBe('cli');
    expect(deleted.json).toEqual({ name: 'cli', deleted: true });
    expect([badJson.code, badJson.stderr.trim()]).toEqual([expect.any(Number), expect.stringMatching(/^error: --fixture debe ser un objeto JSON/)]);
    expect(badJson.code).not.toBe(0);
    expect(tooMany.stderr).toContain('fixture.vehicles admite como máximo 500');
    expect(tooMany.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect([dotDot.code !== 0, dotDot.stderr.trim()]).toEqual([true, 'error: El tenant .. no existe en este testbed.']);
    expect([notAnId.code !== 0, notAnId.json]).toEqual([true, { error: expect.objectContaining({ code: 'NOT_FOUND', message: 'El tenant flota-x no existe en este testbed.' }) }]);
    expect([nobodyThere.code !== 0, nobodyThere.stderr]).toEqual([true, expect.stringContaining('no hay un testbed escuchando en http://127.0.0.1:1')]);
    expect([badName.code !== 0, badName.stderr]).toEqual([true, expect.stringContaining('Nombre de instantánea no válido')]);
  }, 120_000);

  it('when a world is restored with clearFaults and clearRequests, through the library and the CLI, then its rules and journal are gone with it; a misspelt option or a whole restore with them is refused', async () => {
    const world = await testbed.createWorld();
    await world.snapshot('limpio');
    const dirty = async () => {
      await world.faults.add({ effect: 'internal', operation: 'getVehicle', times: 3 });
      await world.client.GET('/v1/me');
    };
    await dirty();

    const restored = await world.restore('limpio', { clearFaults: true, clearRequests: true });
    const afterLibrary = [(await world.faults.list()).length, (await world.requests()).length];
    await dirty();
    const cliJson = await cli(['snapshot', 'restore', 'limpio', '--tenant', world.tenantId, '--clear-faults', '--clear-requests']);
    const afterCli = [(await world.faults.list()).length, (await world.requests()).length];
    await dirty();
    const human = await cliText(['snapshot', 'restore', 'limpio', '--tenant', world.tenantId, '--clear-faults']);
    const misspelt = await (world.restore as (name: string, options: object) => Promise<unknown>)('limpio', { clearFault: true }).catch((e: unknown) => e);
    const whole = await cli(['snapshot', 'restore', 'limpio', '--clear-requests']);

    expect(restored.cleared).toEqual({ faults: 1, requests: 1 });
    expect(afterLibrary).toEqual([0, 0]);
    expect(cliJson.json.cleared).toEqual({ faults: 1, requests: 1 });
    expect(afterCli).toEqual([0, 0]);
    expect(human).toContain('(1 regla de falla borrada)');
    expect(misspelt).toMatchObject({ code: 'VALIDATION', message: 'restore no admite clearFault (se admiten clearFaults, clearRequests)' });
    expect([whole.code !== 0, whole.stderr.trim()]).toEqual([true, 'error: --clear-requests es para la instantánea de un mundo (con --tenant ID): una restauración de todo el testbed ya borra las reglas y los diarios de todos']);
  }, 60_000);

  it('when the CLI is given --fixture @file, then the fixture is read from that file (a byte-order mark first or not); a missing file, one without JSON or no file at all is said so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixture-file-'));
    try {
      const file = join(dir, 'flota.json');
      // With a byte-order mark first, as some Windows editors save it: JSON.parse alone refused it.
      writeFileSync(file, '\ufeff{"vehicles": 2, "registeredOn": ["platform_b"]}\n');
      writeFileSync(join(dir, 'mal.json'), 'vehicles: 2');

      const created = await cli(['tenants', 'create', '--name', 'Flota Archivo', '--fixture', `@${file}`]);
      const missing = await cli(['tenants', 'create', '--name', 'Mal', '--fixture', `@${join(dir, 'nada.json')}`]);
      const notJson = await cli(['tenants', 'create', '--name', 'Mal', '--fixture', `@${join(dir, 'mal.json')}`]);
      const noFile = await cli(['tenants', 'create', '--name', 'Mal', '--fixture', '@']);

      expect(created.json.fixture.vehicleIds).toHaveLength(2);
      expect([missing.code !== 0, missing.stderr.trim()]).toEqual([true, `error: --fixture @${join(dir, 'nada.json')}: no se puede leer ${join(dir, 'nada.json')}: no existe`]);
      expect([notJson.code !== 0, notJson.stderr]).toEqual([true, expect.stringContaining(`o @ y un archivo que lo tenga; ${join(dir, 'mal.json')} no lo es`)]);
      expect([noFile.code !== 0, noFile.stderr.trim()]).toEqual([true, 'error: --fixture @: falta el archivo tras la @ (p. ej. --fixture @fixture.json)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('when the whole testbed is reset, then world snapshots are gone with it, even those of the demo world it keeps', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${testbed.url}/_testbed${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json() as any);
    const demo = (await control('GET', '/tenants')).data.find((t: { name: string }) => t.name === 'Flota Demo').id;
    await control('POST', `/tenants/${demo}/snapshots`, { name: 'antes' });
    expect((await control('GET', `/tenants/${demo}/snapshots`)).data).toHaveLength(1);

    await testbed.reset();

    expect((await control('GET', `/tenants/${demo}/snapshots`)).data).toEqual([]);
    expect((await control('POST', `/tenants/${demo}/snapshots/antes/restore`)).error.code).toBe('NOT_FOUND');
  }, 60_000);
});
