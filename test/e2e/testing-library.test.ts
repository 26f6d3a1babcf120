import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestbed, startTestbed, TestbedError, type StartedTestbed } from '../../testing/index.ts';

const portOf = (url: string) => Number(new URL(url).port);
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

describe('fleet-testbed/testing on a started testbed', () => {
  let testbed: StartedTestbed;

  beforeAll(async () => {
    testbed = await startTestbed({ clockStart: '2026-05-04T12:00:00.000Z' });
  }, 60_000);

  afterAll(async () => {
    await testbed?.stop();
  });

  it('when startTestbed resolves, then the API answers on its url and the data dir is a new temp dir', async () => {
    const health = await fetch(`${testbed.url}/v1/health`);

    expect(health.status).toBe(200);
    expect(testbed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(testbed.dataDir).toMatch(/fleet-testbed-/);
    expect(existsSync(testbed.dataDir)).toBe(true);
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
    expect(badDuration).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Duración no válida: pronto (ejemplos: 45m, 6h, 3d).' });
  });

  it('when a world is deleted, then its key answers 401', async () => {
    const world = await testbed.createWorld();

    await world.delete();
    const me = await world.client.GET('/v1/me');

    expect(me.response.status).toBe(401);
  });

  it('when a snapshot is restored, then a world made after it is gone; after reset, every world is', async () => {
    const kept = await testbed.createWorld();
    const saved = await testbed.snapshot('library-test');
    const later = await testbed.createWorld();

    const restored = await testbed.restore('library-test');
    const laterAfterRestore = await later.client.GET('/v1/me');
    const keptAfterRestore = await kept.client.GET('/v1/me');
    await testbed.reset();
    const keptAfterReset = await kept.client.GET('/v1/me');

    expect(saved.name).toBe('library-test');
    expect(restored.name).toBe('library-test');
    expect(laterAfterRestore.response.status).toBe(401);
    expect(keptAfterRestore.response.status).toBe(200);
    expect(keptAfterReset.response.status).toBe(401);
  });

  it('when connectTestbed is given the url of a running serve, then its worlds work the same', async () => {
    const connected = await connectTestbed(`${testbed.url}/`);
    const world = await connected.createWorld();

    const me = await world.client.GET('/v1/me');
    await connected.stop();

    expect(me.data?.tenantId).toBe(world.tenantId);
    expect((await fetch(`${testbed.url}/v1/health`)).status).toBe(200);
  });

  it('when connectTestbed is given a url where nothing listens, then it rejects saying so', async () => {
    const closed = `http://127.0.0.1:${portOf(testbed.url) === 1 ? 2 : 1}`;

    await expect(connectTestbed(closed)).rejects.toThrow(`no hay un testbed escuchando en ${closed}`);
  });

  it('when a second testbed is started on the running one\'s data dir, then it rejects with serve\'s reason and leaves the dir', async () => {
    const second = startTestbed({ dataDir: testbed.dataDir });

    await expect(second).rejects.toThrow(/terminó antes de escuchar.*\d+/);
    expect(existsSync(testbed.dataDir)).toBe(true);
  }, 60_000);
});
