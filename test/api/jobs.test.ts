import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { useWorld } from '../support/world.ts';

type Auth = { Authorization: string };
type Fleet = ReturnType<ReturnType<typeof useWorld>['newTenant']>;

describe('batch jobs', () => {
  const w = useWorld();
  let seq = 0;
  const next = () => String(++seq).padStart(6, '0');

  /** Arrange-only shortcut: the service, not 500 HTTP calls. */
  const vehicle = (fleet: Fleet, extra: Record<string, unknown> = {}) =>
    w.services.vehicles.create(fleet.tenant.id, {
      plate: `JB${next()}`, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco', city: 'Guadalajara',
      vin: `1HGCM82633A${next()}`, ...extra,
    } as never);
  const driver = (fleet: Fleet) =>
    w.services.drivers.create(fleet.tenant.id, { name: 'Ana López', whatsapp: `33${next()}55`, city: 'Guadalajara' } as never);
  const batch = (auth: Auth, body: object, what = 'vehicles/registrations') => w.request.post(`/v1/${what}/batch`).set(auth).send(body);
  const getJob = (auth: Auth, id: string) => w.request.get(`/v1/jobs/${id}`).set(auth);
  const registration = (id: string, platform: string) =>
    w.deps.db.prepare('SELECT status FROM vehicle_registrations WHERE vehicle_id = ? AND platform = ?').pluck().get(id, platform);
  const onPlatformA = (id: string) => w.net.simulators.db.prepare('SELECT COUNT(*) FROM pa_vehicles WHERE external_id = ?').pluck().get(id);

  it('when ids mix eligible and ineligible ones, then 202 names the skipped and the job registers the rest in request order', async () => {
    const fleet = w.newTenant();
    const [a, b, noCity, done] = [vehicle(fleet), vehicle(fleet), vehicle(fleet, { city: undefined }), vehicle(fleet)];
    await w.request.post(`/v1/vehicles/${done.id}/registrations`).set(fleet.auth).send({ platform: 'platform_a' });
    const foreign = vehicle(w.newTenant('Otra Flota'));
    const missing = randomUUID();

    const res = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: [b.id, missing, a.id.toUpperCase(), foreign.id, a.id, noCity.id, done.id] });

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String), total: 3, skipped: [missing, foreign.id, done.id] });
    expect((await getJob(fleet.auth, res.body.jobId)).body).toMatchObject({ status: 'pending', processed: 0, results: [] });

    await w.services.jobs.runUntilIdle();

    const now = w.clock.now().toISOString();
    expect((await getJob(fleet.auth, res.body.jobId)).body).toEqual({
      id: res.body.jobId, platform: 'platform_a', status: 'completed', total: 3, processed: 3, succeeded: 2, failed: 1,
      results: [
        { vehicleId: b.id, plate: b.plate, ok: true, message: null },
        { vehicleId: a.id, plate: a.plate, ok: true, message: null },
        { vehicleId: noCity.id, plate: noCity.plate, ok: false, message: expect.stringMatching(/ciudad/) },
      ],
      startedAt: now, completedAt: now, createdAt: now,
    });
    expect([a, b, noCity, foreign].map((v) => registration(v.id, 'platform_a'))).toEqual(['pending', 'pending', 'none', 'none']);
  });

  it('when platform_b refuses or cannot take a vehicle, then that item fails with the Spanish reason and the others succeed', async () => {
    const fleet = w.newTenant();
    const ids = [vehicle(fleet), vehicle(fleet, { plate: `RB${next()}` }), vehicle(fleet, { vin: undefined })].map((v) => v.id);

    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: ids });
    await w.services.jobs.runUntilIdle();

    const job = (await getJob(fleet.auth, body.jobId)).body;
    expect(job).toMatchObject({ status: 'completed', processed: 3, succeeded: 1, failed: 2 });
    expect(job.results.map((r: { ok: boolean; message: string | null }) => [r.ok, r.message])).toEqual([
      [true, null], [false, 'La plataforma platform_b rechazó la operación.'], [false, expect.stringMatching(/VIN/)],
    ]);
  });

  it('when no id is eligible, then 202 with jobId null, total 0 and every id skipped', async () => {
    const fleet = w.newTenant();
    const missing = randomUUID();
    const res = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: [missing, missing] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: null, total: 0, skipped: [missing] });
  });

  it('when a vehicle is queued in an open job, then a second batch skips it', async () => {
    const fleet = w.newTenant();
    const v = vehicle(fleet);
    await batch(fleet.auth, { platform: 'platform_b', vehicleIds: [v.id] });
    const again = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: [v.id] });
    expect(again.body).toEqual({ jobId: null, total: 0, skipped: [v.id] });
    await w.services.jobs.runUntilIdle();
  });

  it.each([
    ['no body fields', {}],
    ['an unknown platform', { platform: 'platform_c', vehicleIds: [randomUUID()] }],
    ['no ids', { platform: 'platform_a', vehicleIds: [] }],
    ['501 ids', { platform: 'platform_a', vehicleIds: Array.from({ length: 501 }, () => randomUUID()) }],
    ['an id that is not a uuid', { platform: 'platform_a', vehicleIds: ['abc'] }],
    ['ids that are not a list', { platform: 'platform_a', vehicleIds: randomUUID() }],
    ['driverIds instead of vehicleIds', { platform: 'platform_a', driverIds: [randomUUID()] }],
  ])('when the vehicles batch has %s, then 400 VALIDATION', async (_case, body) => {
    const res = await batch(w.newTenant().auth, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('when drivers are batch-invited on platform_a, then the eligible ones end invited and the already invited is skipped', async () => {
    const fleet = w.newTenant();
    const [d1, d2, invited] = [await driver(fleet), await driver(fleet), await driver(fleet)];
    await w.request.post(`/v1/drivers/${invited.id}/invitations`).set(fleet.auth).send({ platform: 'platform_a' });

    const res = await batch(fleet.auth, { platform: 'platform_a', driverIds: [d1.id, invited.id, d2.id] }, 'drivers/invitations');
    await w.services.jobs.runUntilIdle();

    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ total: 2, skipped: [invited.id] });
    expect((await getJob(fleet.auth, res.body.jobId)).body.results).toEqual([
      { driverId: d1.id, ok: true, message: null }, { driverId: d2.id, ok: true, message: null },
    ]);
    expect((await w.request.get(`/v1/drivers/${d2.id}/invitations/platform_a`).set(fleet.auth)).body.status).toBe('invited');
  });

  it('when drivers are batch-invited on platform_b, then 403 PLATFORM_NOT_ENABLED and no job', async () => {
    const fleet = w.newTenant();
    const res = await batch(fleet.auth, { platform: 'platform_b', driverIds: [(await driver(fleet)).id] }, 'drivers/invitations');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PLATFORM_NOT_ENABLED');
  });

  it.each<[string, Scope[], string, number]>([
    ['a vehicles batch without vehicles:write', ['vehicles:read'], 'vehicles/registrations', 403],
    ['a drivers batch without drivers:write', ['drivers:read'], 'drivers/invitations', 403],
    ['a vehicles batch with vehicles:write', ['vehicles:write'], 'vehicles/registrations', 202],
  ])('when %s is posted, then %#', async (_case, scopes, what, status) => {
    const { auth } = w.newTenant('Flota Scopes', scopes);
    const body = { platform: 'platform_a', vehicleIds: [randomUUID()], driverIds: [randomUUID()] };
    expect((await batch(auth, body, what)).status).toBe(status);
  });

  it('when a job is read, then it needs the read scope of its kind and another tenant gets 404', async () => {
    const fleet = w.newTenant();
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: [vehicle(fleet).id] });
    const key = (scopes: Scope[]) => ({ Authorization: `Bearer ${w.tenants.createKey(fleet.tenant.id, scopes).key}` });

    expect((await getJob(key(['vehicles:read']), body.jobId)).status).toBe(200);
    const denied = await getJob(key(['drivers:read', 'vehicles:write']), body.jobId);
    expect([denied.status, denied.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect((await getJob(w.newTenant('Ajena').auth, body.jobId)).status).toBe(404);
    expect((await getJob(fleet.auth, 'not-a-uuid')).status).toBe(404);
    expect((await getJob(fleet.auth, randomUUID())).status).toBe(404);
    await w.services.jobs.runUntilIdle();
  });

  it('when platform_a fails three calls part-way, then the items are retried and each vehicle is registered once', async () => {
    const fleet = w.newTenant();
    const ids = Array.from({ length: 6 }, () => vehicle(fleet).id);
    const fault = () => HttpResponse.json({ message: 'injected' }, { status: 503 });
    for (let i = 0; i < 3; i++) w.net.server.use(http.post('http://platform-a.sim.test/v1/vehicles', fault, { once: true }));

    const { body } = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids });
    await w.services.jobs.runUntilIdle();

    expect((await getJob(fleet.auth, body.jobId)).body).toMatchObject({ status: 'completed', processed: 6, succeeded: 6, failed: 0 });
    expect(ids.map(onPlatformA)).toEqual([1, 1, 1, 1, 1, 1]);
    const attempts = w.deps.db.prepare('SELECT SUM(attempts) FROM job_items WHERE job_id = ?').pluck().get(body.jobId);
    // Three faults, three retries: 9 calls (more only if the short test timeout cut a slow call).
    expect(attempts).toBeGreaterThanOrEqual(9);
  });

  it('when platform_a stays unreachable for some items, then the others succeed and those fail after their retries', async () => {
    const fleet = w.newTenant();
    const vehicles = Array.from({ length: 4 }, () => vehicle(fleet));
    const ids = vehicles.map((v) => v.id);
    const unreachable = new Set([vehicles[1].plate, vehicles[3].plate]);
    // By plate, not by call count, so a retry after a slow call cannot shift the fault onto another item.
    // Returning nothing lets the call through to the simulator.
    w.net.server.use(http.post('http://platform-a.sim.test/v1/vehicles', async ({ request }) => {
      const { plate } = (await request.clone().json()) as { plate: string };
      return unreachable.has(plate) ? HttpResponse.error() : undefined;
    }));

    const { body } = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids });
    await w.services.jobs.runUntilIdle();

    const job = (await getJob(fleet.auth, body.jobId)).body;
    expect(job).toMatchObject({ status: 'completed', processed: 4, succeeded: 2, failed: 2 });
    const failure = { ok: false, message: 'La plataforma platform_a no respondió tras 5 intentos; vuelve a intentarlo más tarde.' };
    expect(job.results.map((r: { ok: boolean; message: string | null }) => ({ ok: r.ok, message: r.message }))).toEqual([
      { ok: true, message: null }, failure, { ok: true, message: null }, failure,
    ]);
  });

  // Throughput is measured in test/e2e/jobs-restart.test.ts: msw's in-process hop costs ~20 ms a call.
  it('when a job runs, then every read on the way shows consistent counters and results', async () => {
    const fleet = w.newTenant();
    const ids = Array.from({ length: 80 }, () => vehicle(fleet).id);
    const { body } = await batch(fleet.auth, { platform: 'platform_b', vehicleIds: ids });

    const run = w.services.jobs.runUntilIdle();
    let job;
    do {
      job = (await getJob(fleet.auth, body.jobId)).body;
      expect(job.processed).toBe(job.succeeded + job.failed);
      expect(job.processed).toBeLessThanOrEqual(job.total);
      expect(job.results).toHaveLength(job.processed);
    } while (job.status !== 'completed');
    await run;

    expect(job).toMatchObject({ total: 80, processed: 80, succeeded: 80 });
    expect(new Set(job.results.map((r: { vehicleId: string }) => r.vehicleId))).toEqual(new Set(ids));
  });
});
