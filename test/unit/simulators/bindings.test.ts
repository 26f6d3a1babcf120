import { describe, expect, it } from 'vitest';
import { HOUR, JPEG, makeSimulators, paDriverBody, paVehicleBody, pbVehicleBody } from './fixtures.ts';

const { request, clock } = makeSimulators();

/** A platform_a vehicle taken to the given state through the public and control surfaces. */
async function paVehicle(state: 'pending' | 'approved' | 'rejected', overrides: Record<string, unknown> = {}) {
  const body = paVehicleBody(overrides);
  await request.post('/platform-a/v1/vehicles').send(body);
  if (state === 'pending') return body.external_id;
  await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG);
  await request.post(`/_control/platform-a/vehicles/${body.external_id}/review`).send({ verdict: state });
  return body.external_id;
}

async function paDriver(state: 'invited' | 'under_review' | 'approved' | 'rejected', overrides: Record<string, unknown> = {}) {
  const body = paDriverBody(overrides);
  await request.post('/platform-a/v1/drivers').send(body);
  if (state === 'invited') return body.external_id;
  await request.post(`/_control/platform-a/drivers/${body.external_id}/${state === 'rejected' ? 'decline' : 'accept'}`);
  if (state === 'approved') clock.advance(12 * HOUR);
  return body.external_id;
}

const bind = (vehicle: string, driver: string) =>
  request.post(`/platform-a/v1/vehicles/${vehicle}/drivers`).send({ driver_external_id: driver });
const activeA = async () => (await request.get('/_control/platform-a/bindings')).body.bindings;

describe('platform_a bindings', () => {
  it('when the vehicle is approved and the driver approved, then the binding is made', async () => {
    const [v, d] = [await paVehicle('approved'), await paDriver('approved')];
    const res = await bind(v, d);
    expect(res.status).toBe(201);
    expect(res.body.binding).toMatchObject({ vehicle_external_id: v, driver_external_id: d, bound_at: clock.nowIso(), unbound_at: null });
    expect(await activeA()).toContainEqual({ vehicleExternalId: v, driverExternalId: d, boundAt: clock.nowIso() });
    expect((await bind(v, d)).status).toBe(200);
  });

  it.each([
    ['the vehicle waits for its review', 'pending', 'approved', 'vehicle_not_ready'],
    ['the vehicle was rejected', 'rejected', 'approved', 'vehicle_not_ready'],
    ['the driver has not answered', 'approved', 'invited', 'driver_not_ready'],
    ['the driver review is running', 'approved', 'under_review', 'driver_not_ready'],
  ] as const)('when %s, then platform_a answers 409 not ready', async (_case, vehicleState, driverState, type) => {
    const [v, d] = [await paVehicle(vehicleState), await paDriver(driverState)];
    const res = await bind(v, d);
    expect(res.status).toBe(409);
    expect(res.body.error.type).toBe(type);
  });

  it('when the vehicle or the driver is unknown to the platform, then it is not ready (409)', async () => {
    const d = await paDriver('approved');
    expect((await bind('veh-unknown', d)).body.error.type).toBe('vehicle_not_ready');
    expect((await bind(await paVehicle('approved'), 'drv-unknown')).body.error.type).toBe('driver_not_ready');
  });

  it.each([
    ['the plate starts with FB', { plate: 'FB12345' }, {}, 'approved'],
    ['the driver belongs to another fleet', {}, { fleet_id: 'fleet-other' }, 'approved'],
    ['the driver declined the invitation', {}, {}, 'rejected'],
  ] as const)('when %s, then platform_a refuses the binding (403)', async (_case, vehicleOverrides, driverOverrides, driverState) => {
    const v = await paVehicle('approved', vehicleOverrides);
    const d = await paDriver(driverState, driverOverrides);
    const res = await bind(v, d);
    expect(res.status).toBe(403);
    expect(res.body.error.type).toBe('binding_refused');
  });

  it('when a driver is bound to another vehicle, then the old bindings of both end', async () => {
    const [v1, v2, d1, d2] = [await paVehicle('approved'), await paVehicle('approved'), await paDriver('approved'), await paDriver('approved')];
    await bind(v1, d1);
    await bind(v2, d2);
    await bind(v1, d2);
    const mine = (await activeA()).filter((b: { vehicleExternalId: string }) => [v1, v2].includes(b.vehicleExternalId));
    expect(mine).toEqual([expect.objectContaining({ vehicleExternalId: v1, driverExternalId: d2 })]);
  });

  it('when a binding is removed, then it ends; removing it again is 404', async () => {
    const [v, d] = [await paVehicle('approved'), await paDriver('approved')];
    await bind(v, d);
    const res = await request.delete(`/platform-a/v1/vehicles/${v}/drivers/${d}`);
    expect(res.body.binding).toMatchObject({ unbound_at: clock.nowIso() });
    expect((await request.delete(`/platform-a/v1/vehicles/${v}/drivers/${d}`)).status).toBe(404);
  });

  it('when the vehicle is removed or the driver cancelled, then their binding ends with them', async () => {
    const [v1, v2, d1, d2] = [await paVehicle('approved'), await paVehicle('approved'), await paDriver('approved'), await paDriver('approved')];
    await bind(v1, d1);
    await bind(v2, d2);
    await request.delete(`/platform-a/v1/vehicles/${v1}`);
    await request.delete(`/platform-a/v1/drivers/${d2}`);
    const left = (await activeA()).filter((b: { vehicleExternalId: string }) => [v1, v2].includes(b.vehicleExternalId));
    expect(left).toEqual([]);
  });

  it('when the driver is suspended, then new bindings are refused', async () => {
    const v = await paVehicle('approved');
    const d = await paDriver('invited', { whatsapp: '5512340004' });
    clock.advance(14 * HOUR + 24 * HOUR);
    const res = await bind(v, d);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('suspended');
  });
});

describe('platform_b assignments', () => {
  async function pbVehicle(overrides: Record<string, unknown> = {}) {
    const body = pbVehicleBody(overrides);
    expect((await request.post('/platform-b/api/v2/vehicles').send(body)).status).toBe(201);
    return body.externalId;
  }
  const driver = (externalId: string) => ({ externalId, name: 'Luis Pérez', whatsapp: '5512345678' });
  const assign = (v: string, d: string) => request.put(`/platform-b/api/v2/vehicles/${v}/driver`).send(driver(d));
  const activeB = async () => (await request.get('/_control/platform-b/bindings')).body.bindings;

  it('when any driver is assigned to a registered vehicle, then the assignment is made at once', async () => {
    const v = await pbVehicle();
    const res = await assign(v, 'drv-b1');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'driver_assignment', attributes: { vehicleExternalId: v, driverExternalId: 'drv-b1', assignedAt: clock.nowIso() } });
    expect((await assign(v, 'drv-b1')).status).toBe(200);
    expect(await activeB()).toContainEqual({ vehicleExternalId: v, driverExternalId: 'drv-b1', boundAt: clock.nowIso() });
  });

  it('when another driver is assigned, then the previous assignment of the vehicle ends', async () => {
    const v = await pbVehicle();
    await assign(v, 'drv-b2');
    await assign(v, 'drv-b3');
    const mine = (await activeB()).filter((b: { vehicleExternalId: string }) => b.vehicleExternalId === v);
    expect(mine).toEqual([expect.objectContaining({ driverExternalId: 'drv-b3' })]);
    expect((await request.delete(`/platform-b/api/v2/vehicles/${v}/driver/drv-b2`)).status).toBe(404);
    expect((await request.delete(`/platform-b/api/v2/vehicles/${v}/driver/drv-b3`)).body.data.attributes.endedAt).toBe(clock.nowIso());
  });

  it('when the vehicle is not registered (unknown or removed), then 409 vehicle-not-registered', async () => {
    const v = await pbVehicle();
    await request.delete(`/platform-b/api/v2/vehicles/${v}`);
    for (const vehicle of [v, 'veh-nowhere']) {
      const res = await assign(vehicle, 'drv-b4');
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('vehicle-not-registered');
    }
  });

  it('when the plate starts with FB, then platform_b forbids assignments (403)', async () => {
    const res = await assign(await pbVehicle({ licensePlate: 'FB99887' }), 'drv-b5');
    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('assignment-forbidden');
  });
});
