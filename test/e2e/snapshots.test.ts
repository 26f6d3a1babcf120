import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClock } from '../../server/lib/clock-store.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createVehicleService } from '../../server/vehicles/service.ts';
import { createCoverageService } from '../../server/coverage/service.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import { serveForSuite, startServeProcess, tenantClient, worldClient } from '../support/process.ts';

const ENV = { FLEET_CLOCK_START: '2026-05-04T12:00:00.000Z', FLEET_SEED: '31' };
type Serve = Awaited<ReturnType<typeof startServeProcess>>;

const control = async (env: Serve, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${env.base}/_testbed${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** What serve logged above info level (the simulators replaced, a call that failed): what a red run needs to be understood. */
const serveWarnings = (env: Serve) => `\n${env.output().split('\n').filter((line) => /"level":"(warn|error)"/.test(line)).slice(-20).join('\n')}`;

/** What a user does on a new data dir: a tenant and key by the CLI, a vehicle, its platform_b registration. */
async function sameRequests(env: Serve) {
  const client = await tenantClient(env, 'Flota Repetida');
  const vehicle = await client.api('POST', '/v1/vehicles', { plate: 'RPT-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6100001' });
  const registration = await client.api('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { platform: 'platform_b' });
  const listed = await client.api('GET', '/v1/vehicles');
  return [client.tenantId, client.headers.Authorization, vehicle, registration, listed].map((r) => JSON.stringify(r, (k, v) => (k === 'headers' ? undefined : v)));
}

describe('reset and snapshots of a running serve', () => {
  const env = serveForSuite(ENV);
  let demoKey: string;

  beforeAll(async () => {
    demoKey = /fk_test_\w+/.exec(env.output())![0];
  }, 60_000);

  it('when the testbed is reset after use, then the same requests answer exactly as on a new data dir, their keys included, and the demo key still works', async () => {
    const fresh = await startServeProcess(ENV);
    const onNew = await sameRequests(fresh);
    await fresh.cleanup();
    const used = await worldClient(env, 'Flota Usada');
    await used.api('POST', '/v1/vehicles', { plate: 'USD-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1 });
    await control(env, 'POST', '/clock/advance', { duration: '3d' });
    // Deleting the demo tenant is allowed; the reset brings it back with the key printed at start.
    const demo = (await control(env, 'GET', '/tenants')).body.data.find((t: { name: string }) => t.name === 'Flota Demo');
    await control(env, 'DELETE', `/tenants/${demo.id}`);
    const demoGone = await fetch(`${env.base}/v1/me`, { headers: { Authorization: `Bearer ${demoKey}` } });

    const reset = await env.cli(['reset']);
    const afterReset = await sameRequests(env);

    expect(demoGone.status).toBe(401);
    expect(reset.json).toEqual({ now: ENV.FLEET_CLOCK_START });
    expect(afterReset).toEqual(onNew);
    const me = await fetch(`${env.base}/v1/me`, { headers: { Authorization: `Bearer ${demoKey}` } });
    expect(me.status).toBe(200);
    // Ids and keys start again as on a new data dir, each world's from its name: a key of a world
    // from before the reset reaches no world of another name made after it.
    expect((await used.api('GET', '/v1/me')).status).toBe(401);
  }, 180_000);

  it('when a snapshot is restored, then the vehicles, the clock and the platforms are as they were at the snapshot', async () => {
    const client = await worldClient(env, 'Flota Instantánea');
    const kept = await client.api('POST', '/v1/vehicles', { plate: 'SNP-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6100002' });
    await client.api('POST', `/v1/vehicles/${kept.body.id}/registrations`, { platform: 'platform_b' });
    const saved = await control(env, 'POST', '/snapshots', { name: 'antes' });
    const later = await client.api('POST', '/v1/vehicles', { plate: 'SNP-002', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6100003' });
    await client.api('POST', `/v1/vehicles/${later.body.id}/registrations`, { platform: 'platform_b' });
    await control(env, 'POST', '/clock/advance', { duration: '2d' });

    const restored = await control(env, 'POST', '/snapshots/antes/restore');

    expect(saved).toMatchObject({ status: 201, body: { name: 'antes', createdAt: ENV.FLEET_CLOCK_START } });
    expect(restored).toEqual({ status: 200, body: { name: 'antes', now: saved.body.createdAt } });
    const list = await client.api('GET', '/v1/vehicles');
    expect(list.body.data.map((v: { plate: string }) => v.plate)).toEqual(['SNP-001']);
    // The platform forgot the later registration too: the same plate registers again, once.
    const again = await client.api('POST', '/v1/vehicles', { plate: 'SNP-002', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin: 'KNADM4A37E6100003' });
    expect(again.body.id).toBe(later.body.id);
    expect(await client.api('POST', `/v1/vehicles/${again.body.id}/registrations`, { platform: 'platform_b' })).toMatchObject({ status: 201 });
  }, 60_000);

  it('when a snapshot is taken while a batch job runs, then after its restore the job goes on and completes', async () => {
    const client = await worldClient(env, 'Flota Lote');
    const db = openDatabase(join(env.dataDir, 'api.db'));
    const vehicleIds = (() => {
      try {
        const vehicles = createVehicleService({ db, clocks: createClocks(db, loadClock(db, null)), ids: createSeededIds(db, 31) }, { coverage: createCoverageService({ db, logger: silentLogger }) });
        return db.transaction(() =>
          Array.from({ length: 120 }, (_, i) => {
            const n = String(i).padStart(5, '0');
            return vehicles.create(client.tenantId, { plate: `LT${n}`, brand: 'Kia', model: 'Rio', year: 2024, color: 'blanco', vin: `1HGCM82633A${n}9` } as never).id;
          }),
        )();
      } finally {
        db.close();
      }
    })();
    // platform_b answers slowly, so the job is surely under way at the snapshot.
    const simulators = /simulators: (http:\/\/[\d.:]+)/.exec(env.output())![1];
    const fault = (mode: string) =>
      fetch(`${simulators}/_control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ platform: 'platform_b', mode, ms: 100 }) });
    await fault('slow');
    const job = await client.api('POST', '/v1/vehicles/registrations/batch', { platform: 'platform_b', vehicleIds });
    await vi.waitFor(async () => expect((await client.api('GET', `/v1/jobs/${job.body.jobId}`)).body.processed).toBeGreaterThan(0), { timeout: 10_000 });
    await control(env, 'POST', '/snapshots', { name: 'lote-en-curso' });
    await fault('none');
    // What the snapshot holds: the job mid-way (read from its file, the serve goes on meanwhile).
    const saved = new Database(join(env.dataDir, 'snapshots', 'lote-en-curso', 'api.db'), { readonly: true });
    const atSnapshot = saved.prepare('SELECT status, processed FROM jobs WHERE id = ?').get(job.body.jobId) as { status: string; processed: number };
    saved.close();
    await vi.waitFor(async () => expect((await client.api('GET', `/v1/jobs/${job.body.jobId}`)).body.status).toBe('completed'), { timeout: 30_000 });

    await fault('slow');
    const restored = await control(env, 'POST', '/snapshots/lote-en-curso/restore');
    const afterRestore = await client.api('GET', `/v1/jobs/${job.body.jobId}`);
    await fault('none');

    expect(restored.status).toBe(200);
    expect(atSnapshot.status).toBe('running');
    expect(atSnapshot.processed).toBeLessThan(120);
    expect(afterRestore.body.status).toBe('running');
    expect(afterRestore.body.processed).toBeLessThan(120);
    await vi.waitFor(async () => expect((await client.api('GET', `/v1/jobs/${job.body.jobId}`)).body).toMatchObject({ status: 'completed', succeeded: 120 }), { timeout: 30_000 });
  }, 90_000);

  it('when reads race a restore, then every one is answered 200 with the state before or after it, never a mix', async () => {
    const client = await worldClient(env, 'Flota Carrera');
    await client.api('POST', '/v1/vehicles', { plate: 'RCE-001', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1 });
    const saved = await control(env, 'POST', '/snapshots', { name: 'uno' });
    expect(saved.status, JSON.stringify(saved.body) + serveWarnings(env)).toBe(201);
    await client.api('POST', '/v1/vehicles', { plate: 'RCE-002', brand: 'Kia', model: 'Rio', year: 2024, colorId: 1 });

    const reads = Array.from({ length: 20 }, () => client.api('GET', '/v1/vehicles'));
    const restore = control(env, 'POST', '/snapshots/uno/restore');
    const answers = await Promise.all(reads);

    expect((await restore).status).toBe(200);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect([1, 2]).toContain(a.body.data.length);
    }
    expect((await client.api('GET', '/v1/vehicles')).body.data).toHaveLength(1);
  }, 60_000);

  it('when snapshots are listed, deleted and asked for by bad names, then each answers in the envelope and they survive a restart', async () => {
    const saved = await control(env, 'POST', '/snapshots', { name: 'guardada' });
    expect(saved.status, JSON.stringify(saved.body) + serveWarnings(env)).toBe(201);
    await env.stop();
    await env.restart();

    const listed = await control(env, 'GET', '/snapshots');
    const badName = await control(env, 'POST', '/snapshots', { name: 'Con_Mayúsculas' });
    const tooLong = await control(env, 'POST', '/snapshots', { name: 'a'.repeat(65) });
    const longest = await control(env, 'POST', '/snapshots', { name: 'a'.repeat(64) });
    const unknownRestore = await control(env, 'POST', '/snapshots/no-existe/restore');
    const deleted = await control(env, 'DELETE', '/snapshots/guardada');
    const deletedAgain = await control(env, 'DELETE', '/snapshots/guardada');

    expect(listed.status).toBe(200);
    const names = listed.body.data.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['guardada', 'antes', 'uno']));
    expect(listed.body.data.every((s: { sizeBytes: number }) => s.sizeBytes > 0)).toBe(true);
    expect(badName).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });
    expect(longest.status).toBe(201);
    expect(unknownRestore).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'La instantánea «no-existe» no existe.' } } });
    expect(deleted).toEqual({ status: 200, body: { name: 'guardada', deleted: true } });
    expect(deletedAgain).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
  }, 60_000);
});
