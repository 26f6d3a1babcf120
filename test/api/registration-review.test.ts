import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../server/clock/service.ts';
import { HOUR } from '../support/fleet-fixtures.ts';
import { TINY_JPEG } from '../support/images.ts';
import { reviewFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('platform_a review and the vehicle status', () => {
  const w = useWorld();
  const { nextPlate, registeredVehicle, underReview, upload, stored, vehicleStatus, refresh, review } = reviewFixtures(w);

  it('when the card is uploaded, then docStatus submitted and docReviewStatus pending, still pending', async () => {
    const { auth, id } = await registeredVehicle();

    await upload(auth, id).expect(201);

    expect(await stored(auth, id)).toMatchObject({ status: 'pending', docStatus: 'submitted', docReviewStatus: 'pending', approvedAt: null });
    expect(await vehicleStatus(auth, id)).toBe('pending_platform_a');
  });

  it('when platform_a approves, then the stored GET stays pending until refresh, which persists approved and ends pending_platform_a', async () => {
    // Arrange
    const { auth, id } = await underReview();
    await review(id, 'approved');

    // Act
    const beforeRefresh = await stored(auth, id);
    const res = await refresh(auth, id);

    // Assert
    expect(beforeRefresh.status).toBe('pending');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', docReviewStatus: 'approved', approvedAt: w.clock.now().toISOString() });
    expect(await stored(auth, id)).toEqual(res.body);
    expect(await vehicleStatus(auth, id)).toBe('activo');
  });

  it('when platform_a approves and the background sync runs, then the stored state is approved without a refresh', async () => {
    const { auth, id } = await underReview();
    await review(id, 'approved');

    await w.services.sync.runDue();

    expect((await stored(auth, id)).status).toBe('approved');
    expect(await vehicleStatus(auth, id)).toBe('activo');
  });

  it.each([
    ['mantenimiento', 'before the registration'],
    ['inactivo', 'before the registration'],
    ['mantenimiento', 'during the review'],
    ['inactivo', 'during the review'],
  ])('when the status %s is set %s, then the vehicle shows pending_platform_a and returns to it when the review ends', async (status, when) => {
    const { auth } = w.newTenant();
    const body = { plate: nextPlate(), brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Puebla' };
    const { id } = (await w.request.post('/v1/vehicles').set(auth).send(body).expect(201)).body;
    if (when.startsWith('before')) await w.request.patch(`/v1/vehicles/${id}`).set(auth).send({ status }).expect(200);
    await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await upload(auth, id).expect(201);
    const duringPatch = when.startsWith('during') ? await w.request.patch(`/v1/vehicles/${id}`).set(auth).send({ status }) : null;

    const pendingStatus = await vehicleStatus(auth, id);
    await review(id, 'approved');
    await refresh(auth, id).expect(200);

    expect(duringPatch?.body.status ?? 'pending_platform_a').toBe('pending_platform_a');
    expect(pendingStatus).toBe('pending_platform_a');
    expect(await vehicleStatus(auth, id)).toBe(status);
  });

  it('when 24 simulated hours pass with no command, then the default review has ended approved and the API knows it', async () => {
    const { auth, id } = await underReview();
    const uploadedAt = w.clock.now().getTime();

    const { now } = await advanceClock(w.deps, w.services, 24 * HOUR);

    const after = await stored(auth, id);
    expect(after.status).toBe('approved');
    expect(after.docReviewStatus).toBe('approved');
    expect(Date.parse(after.approvedAt)).toBeGreaterThan(uploadedAt);
    expect(Date.parse(after.approvedAt)).toBeLessThanOrEqual(Date.parse(now));
    expect(await vehicleStatus(auth, id)).toBe('activo');
  });

  it('when the vehicle is rejected (card fine), then rejected with docReviewStatus approved and the colour stays locked', async () => {
    const { auth, id } = await underReview();
    await review(id, 'rejected');

    const res = await refresh(auth, id);

    expect(res.body).toMatchObject({ status: 'rejected', docReviewStatus: 'approved', approvedAt: null });
    expect(await vehicleStatus(auth, id)).toBe('activo');
    await w.request.patch(`/v1/vehicles/${id}`).set(auth).send({ color: 'Azul' }).expect(409);
  });

  it('when the card is rejected, then re-uploading it restarts the review, which can then approve', async () => {
    // Arrange
    const { auth, id } = await underReview();
    await review(id, 'rejected', 'rejected');
    const rejected = (await refresh(auth, id)).body;

    // Act
    const second = await upload(auth, id, TINY_JPEG);
    const restarted = await stored(auth, id);
    const statusDuring = await vehicleStatus(auth, id);
    await review(id, 'approved');
    const approved = (await refresh(auth, id)).body;

    // Assert
    expect(rejected).toMatchObject({ status: 'rejected', docReviewStatus: 'rejected' });
    expect(second.status).toBe(201);
    expect(restarted).toMatchObject({ status: 'pending', docStatus: 'submitted', docReviewStatus: 'pending' });
    expect(statusDuring).toBe('pending_platform_a');
    expect(approved).toMatchObject({ status: 'approved', docReviewStatus: 'approved' });
    expect(await vehicleStatus(auth, id)).toBe('activo');
  });

  it('when platform_a has lost one pending vehicle, then the background sync still brings the others up to date', async () => {
    const pair = [await registeredVehicle(), await registeredVehicle()];
    const [lost, kept] = pair.sort((a, b) => a.id.localeCompare(b.id)); // the sync walks vehicle ids in order
    await upload(kept.auth, kept.id).expect(201);
    await review(kept.id, 'approved');
    const missing = { error: { type: 'resource_missing', message: 'No vehicle.' } };
    w.net.server.use(http.get(`${w.net.urls.platform_a}/v1/vehicles/${lost.id}`, () => HttpResponse.json(missing, { status: 404 })));

    await w.services.sync.runDue();

    expect((await stored(kept.auth, kept.id)).status).toBe('approved');
    expect((await stored(lost.auth, lost.id)).status).toBe('pending');
  });

  it.each([
    ['RJ', 'approved'],
    ['RC', 'rejected'],
  ])('when the plate starts with %s (magic value), then the review ends by itself rejected with card %s', async (prefix, card) => {
    const { auth, id } = await underReview({ plate: nextPlate(prefix) });

    await advanceClock(w.deps, w.services, 24 * HOUR);

    expect(await stored(auth, id)).toMatchObject({ status: 'rejected', docReviewStatus: card, approvedAt: null });
    expect(await vehicleStatus(auth, id)).toBe('activo');
  });
});
