import { describe, expect, it } from 'vitest';
import { makeSimulators, pbVehicleBody } from './fixtures.ts';

const { request, clock } = makeSimulators();
const register = (body: Record<string, unknown>) => request.post('/platform-b/api/v2/vehicles').send(body);

describe('platform_b vehicles', () => {
  it('when a vehicle is registered by plate and VIN, then it is registered at once', async () => {
    const body = pbVehicleBody();
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'vehicle',
      attributes: { externalId: body.externalId, licensePlate: body.licensePlate, vin: body.vin, state: 'registered',
        registeredAt: clock.nowIso(), removedAt: null },
    });
  });

  it('when the same external id is registered again, then the existing record comes back with 200', async () => {
    const body = pbVehicleBody();
    const first = await register(body);
    const again = await register(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it.each([
    ['plate', 'licensePlate', 'plate-already-registered'],
    ['VIN', 'vin', 'vin-already-registered'],
  ])('when the %s is already registered by another fleet, then 409', async (_what, field, code) => {
    const taken = pbVehicleBody({ fleetId: 'fleet-other' });
    await register(taken);
    const res = await register(pbVehicleBody({ [field]: taken[field as keyof typeof taken] }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: [{ code, detail: expect.any(String) }] });
  });

  it('when the holder of a plate was removed, then another record may register that plate', async () => {
    const first = pbVehicleBody();
    await register(first);
    await request.delete(`/platform-b/api/v2/vehicles/${first.externalId}`);
    expect((await register(pbVehicleBody({ licensePlate: first.licensePlate }))).status).toBe(201);
  });

  it('when the plate starts with RB, then platform_b rejects the vehicle (422) and keeps nothing', async () => {
    const body = pbVehicleBody({ licensePlate: 'RB12345' });
    const res = await register(body);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('vehicle-rejected');
    expect((await request.get(`/platform-b/api/v2/vehicles/${body.externalId}`)).status).toBe(404);
  });

  it('when a vehicle is removed, then it reads removed; registering again makes it registered anew', async () => {
    const body = pbVehicleBody();
    const created = await register(body);
    clock.advance(60_000);
    const removed = await request.delete(`/platform-b/api/v2/vehicles/${body.externalId}`);
    expect(removed.body.data.attributes).toMatchObject({ state: 'removed', removedAt: clock.nowIso() });
    expect((await request.get(`/platform-b/api/v2/vehicles/${body.externalId}`)).body.data.attributes.state).toBe('removed');
    clock.advance(60_000);
    const again = await register(body);
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ id: created.body.data.id, attributes: { state: 'registered', registeredAt: clock.nowIso() } });
  });

  it.each([
    ['the VIN is missing', () => register({ ...pbVehicleBody(), vin: undefined }), 400, 'invalid-payload'],
    ['the vehicle is unknown', () => request.get('/platform-b/api/v2/vehicles/nope'), 404, 'not-found'],
    ['an unknown vehicle is removed', () => request.delete('/platform-b/api/v2/vehicles/nope'), 404, 'not-found'],
    ['the JSON is broken', () => request.post('/platform-b/api/v2/vehicles').set('content-type', 'application/json').send('{'), 400, 'invalid-payload'],
  ])('when %s, then platform_b answers %i in its own envelope', async (_case, send, status, code) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ errors: [{ code, detail: expect.any(String) }] });
  });
});
