import { describe, expect, it } from 'vitest';
import { HOUR, JPEG, makeSimulators, paVehicleBody } from './fixtures.ts';

const { request, clock, db } = makeSimulators();

async function registered(overrides: Record<string, unknown> = {}) {
  const body = paVehicleBody(overrides);
  const res = await request.post('/platform-a/v1/vehicles').send(body);
  expect(res.status).toBe(201);
  return body.external_id;
}

const upload = (externalId: string) =>
  request.put(`/platform-a/v1/vehicles/${externalId}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG);
const get = async (externalId: string) => (await request.get(`/platform-a/v1/vehicles/${externalId}`)).body.vehicle;
const reviewEndsAt = (externalId: string) =>
  (db.prepare('SELECT review_ends_at FROM pa_vehicles WHERE external_id = ?').get(externalId) as { review_ends_at: number | null })
    .review_ends_at;

describe('platform_a vehicles', () => {
  it('when a vehicle is registered, then it waits for the card: pending, not submitted, no review', async () => {
    const res = await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ external_id: 'veh-new' }));
    expect(res.status).toBe(201);
    expect(res.body.vehicle).toMatchObject({
      external_id: 'veh-new', status: 'pending', documents_required: true,
      circulation_card: { status: 'not_submitted', review_status: null }, registered_at: clock.nowIso(), approved_at: null,
    });
    expect(res.body.vehicle.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('when the same external id is registered again, then the existing record comes back with 200', async () => {
    const body = paVehicleBody();
    const first = await request.post('/platform-a/v1/vehicles').send(body);
    const again = await request.post('/platform-a/v1/vehicles').send({ ...body, color: 'Rojo' });
    expect(again.status).toBe(200);
    expect(again.body.vehicle).toEqual(first.body.vehicle);
  });

  it('when the card is uploaded, then a review starts that ends 1 to 24 simulated hours later', async () => {
    const id = await registered();
    const res = await upload(id);
    expect(res.status).toBe(202);
    expect(res.body.document).toMatchObject({ content_type: 'image/jpeg', size_bytes: JPEG.length });
    expect(res.body.vehicle).toMatchObject({ status: 'pending', circulation_card: { status: 'submitted', review_status: 'pending' } });
    const endsAt = reviewEndsAt(id)!;
    expect(endsAt - clock.nowMs()).toBeGreaterThanOrEqual(1 * HOUR);
    expect(endsAt - clock.nowMs()).toBeLessThanOrEqual(24 * HOUR);
  });

  it('when the review falls due, then the vehicle is approved, stamped with the due time; a new card reopens it', async () => {
    const id = await registered();
    await upload(id);
    const endsAt = reviewEndsAt(id)!;
    clock.setState({ frozenAtMs: endsAt - 1, offsetMs: 0 });
    expect((await get(id)).status).toBe('pending');
    clock.setState({ frozenAtMs: endsAt + 5 * HOUR, offsetMs: 0 });
    expect(await get(id)).toMatchObject({
      status: 'approved', circulation_card: { status: 'submitted', review_status: 'approved' },
      approved_at: new Date(endsAt).toISOString(),
    });
    const again = await upload(id);
    expect(again.body.vehicle).toMatchObject({ status: 'pending', approved_at: null, circulation_card: { review_status: 'pending' } });
  });

  it.each([
    ['RJ', 'rejected', 'approved'],
    ['RC', 'rejected', 'rejected'],
  ])('when the plate starts with %s, then the review ends with vehicle %s and card %s', async (prefix, status, card) => {
    const id = await registered({ plate: `${prefix}12345` });
    await upload(id);
    clock.advance(24 * HOUR);
    expect(await get(id)).toMatchObject({ status, circulation_card: { review_status: card }, approved_at: null });
  });

  it('when a rejected card is uploaded again, then a new review runs and the vehicle is pending again', async () => {
    const id = await registered();
    await upload(id);
    await request.post(`/_control/platform-a/vehicles/${id}/review`).send({ verdict: 'approved', card: 'rejected' });
    expect(await get(id)).toMatchObject({ status: 'rejected', circulation_card: { review_status: 'rejected' } });
    const res = await upload(id);
    expect(res.body.vehicle).toMatchObject({ status: 'pending', circulation_card: { review_status: 'pending' } });
    clock.advance(24 * HOUR);
    expect((await get(id)).status).toBe('approved');
  });

  it('when the vehicle is removed, then it reads removed, takes no card, and a new registration starts over', async () => {
    const id = await registered();
    await upload(id);
    const removed = await request.delete(`/platform-a/v1/vehicles/${id}`);
    expect(removed.body.vehicle.status).toBe('removed');
    clock.advance(24 * HOUR);
    expect((await get(id)).status).toBe('removed');
    const refused = await upload(id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.type).toBe('vehicle_removed');
    const again = await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ external_id: id }));
    expect(again.status).toBe(201);
    expect(again.body.vehicle).toMatchObject({
      id: removed.body.vehicle.id, status: 'pending', circulation_card: { status: 'not_submitted', review_status: null },
      registered_at: clock.nowIso(),
    });
  });

  it.each([
    ['an unknown vehicle is read', () => request.get('/platform-a/v1/vehicles/nope'), 404, 'resource_missing'],
    ['a body misses fields', () => request.post('/platform-a/v1/vehicles').send({ plate: 'ABC123' }), 400, 'invalid_request'],
    ['a card is not an image', () => request.put('/platform-a/v1/vehicles/x/circulation-card').set('content-type', 'application/pdf').send('%PDF'), 415, 'unsupported_media_type'],
    ['an unknown route is called', () => request.get('/platform-a/v1/nothing'), 404, 'resource_missing'],
  ])('when %s, then platform_a answers %i in its own envelope', async (_case, send, status, type) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { type, message: expect.any(String) } });
  });

  it('when the card body is empty, then it is refused as an invalid request', async () => {
    const id = await registered();
    const res = await request.put(`/platform-a/v1/vehicles/${id}/circulation-card`).set('content-type', 'image/png');
    expect(res.status).toBe(400);
    expect((await get(id)).circulation_card.status).toBe('not_submitted');
  });

  it('when the control surface decides a pending review, then the verdict applies now and the schedule is dropped', async () => {
    const id = await registered({ plate: 'RJ98765' });
    await upload(id);
    const res = await request.post(`/_control/platform-a/vehicles/${id}/review`).send({ verdict: 'approved' });
    expect(res.status).toBe(200);
    expect(res.body.vehicle).toMatchObject({ status: 'approved', approved_at: clock.nowIso(), circulation_card: { review_status: 'approved' } });
    clock.advance(24 * HOUR);
    expect((await get(id)).status).toBe('approved');
  });

  it('when the control surface rejects without naming the card, then the vehicle is rejected and the card approved', async () => {
    const id = await registered();
    await upload(id);
    const res = await request.post(`/_control/platform-a/vehicles/${id}/review`).send({ verdict: 'rejected' });
    expect(res.body.vehicle).toMatchObject({ status: 'rejected', circulation_card: { review_status: 'approved' } });
  });

  it.each([
    ['no card was uploaded', 'registered', 409, 'no_pending_review'],
    ['the vehicle is unknown', 'unknown', 404, 'resource_missing'],
  ])('when a review is decided but %s, then control answers %i', async (_case, kind, status, code) => {
    const id = kind === 'registered' ? await registered() : 'veh-unknown';
    const res = await request.post(`/_control/platform-a/vehicles/${id}/review`).send({ verdict: 'approved' });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });
});
