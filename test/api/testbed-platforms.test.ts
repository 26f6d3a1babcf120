import { describe, expect, it } from 'vitest';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

/** GET /_testbed/platforms/{platform}: the platform's own records, by the API's ids, per tenant. */
describe('the platform view of the control surface', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  /** A tenant with a vehicle on platform_b bound to a driver, and a second driver with nothing. */
  async function fleetOnB() {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    const [driverId, idleDriver] = [await f.driver(auth), await f.driver(auth)];
    await f.registerOnB(auth, vehicleId);
    await f.assign(auth, vehicleId, driverId).expect(201);
    return { tenantId: tenant.id, vehicleId, driverId, idleDriver };
  }

  const view = (platform: string, tenant?: string) =>
    w.request.get(`/_testbed/platforms/${platform}${tenant === undefined ? '' : `?tenant=${tenant}`}`);

  it("when a tenant's vehicle is bound on platform_b, then its view lists the vehicle, the driver and the binding, and nothing of another tenant", async () => {
    const mine = await fleetOnB();
    const other = await fleetOnB();

    const res = await view('platform_b', mine.tenantId).expect(200);

    expect(res.body).toEqual({
      vehicles: [{ vehicleId: mine.vehicleId, status: 'registered' }],
      drivers: [{ driverId: mine.driverId, status: 'active' }],
      bindings: [{ vehicleId: mine.vehicleId, driverId: mine.driverId, boundAt: w.clock.now().toISOString() }],
    });
    expect(JSON.stringify(res.body)).not.toContain(other.vehicleId);
  });

  it('when no tenant is given, then the view holds every tenant’s records', async () => {
    const [a, b] = [await fleetOnB(), await fleetOnB()];

    const res = await view('platform_b').expect(200);

    const bound = res.body.bindings.map((x: { vehicleId: string }) => x.vehicleId);
    expect(bound).toEqual(expect.arrayContaining([a.vehicleId, b.vehicleId]));
  });

  it('when the assignment is ended, then the binding is gone from the view and the records stay', async () => {
    const { tenantId, vehicleId, driverId } = await fleetOnB();
    const assignment = w.deps.db.prepare("SELECT id FROM assignments WHERE vehicle_id = ? AND status = 'active'").pluck().get(vehicleId);
    await w.services.assignments.end(tenantId, assignment as string);

    const res = await view('platform_b', tenantId).expect(200);

    expect(res.body.bindings).toEqual([]);
    expect(res.body.drivers).toEqual([{ driverId, status: 'active' }]);
  });

  it('when a vehicle is pending review and a driver invited on platform_a, then the view shows them in platform_a’s words', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    const driverId = await f.driver(auth);
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await f.invite(auth, driverId).expect(201);

    const res = await view('platform_a', tenant.id).expect(200);

    expect(res.body).toEqual({ vehicles: [{ vehicleId, status: 'pending' }], drivers: [{ driverId, status: 'invited' }], bindings: [] });
  });

  it('when the platform is not one of the two, then 404 NOT_FOUND in the envelope', async () => {
    const res = await view('platform_c').expect(404);

    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('platform_c') });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-id'])('when the tenant %j is unknown, then 404 NOT_FOUND', async (tenant) => {
    const res = await view('platform_b', tenant).expect(404);

    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `El tenant ${tenant} no existe en este testbed.` });
  });

  it('when the companion process does not answer, then 503 PLATFORM_UNAVAILABLE with Retry-After', async () => {
    w.net.platformDown('control');

    const res = await view('platform_b').expect(503);

    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
