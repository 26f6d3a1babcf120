import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { jobFixtures } from '../support/jobs-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('batch jobs', () => {
  const w = useWorld();
  const { next, vehicle, driver, batch, getJob, registration } = jobFixtures(w);

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

  it('when the vehicles batch has 500 ids (the most), then it is accepted with each one counted: unknown ones skipped', async () => {
    const fleet = w.newTenant();
    const ids = Array.from({ length: 500 }, () => randomUUID());

    const res = await batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids });

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: null, total: 0, skipped: ids });
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

});
