import { describe, expect, it } from 'vitest';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('assignment bindings on the platforms (platformSync)', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  async function pair(platePrefix?: string) {
    const { auth } = w.newTenant();
    return { auth, vehicleId: await f.vehicle(auth, platePrefix), driverId: await f.driver(auth) };
  }

  it('when the vehicle is registered on platform_b, then POST /v1/assignments answers 201 synced and platform_b has the binding', async () => {
    const { auth, vehicleId, driverId } = await pair();
    await f.registerOnB(auth, vehicleId);

    const res = await f.assign(auth, vehicleId, driverId);

    expect(res.status).toBe(201);
    expect(res.body.platformSync).toBe('synced');
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
    expect(f.bindingRow(res.body.id, 'platform_b')).toEqual({ state: 'synced', attempts: 1, last_error: null });
  });

  it('when the vehicle is registered on platform_b after the assignment, then it reads pending until the next sync run binds it', async () => {
    const { auth, vehicleId, driverId } = await pair();
    const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
    expect((await f.assignment(auth, id)).platformSync).toBe('awaiting');

    await f.registerOnB(auth, vehicleId);
    expect((await f.assignment(auth, id)).platformSync).toBe('pending');
    await w.services.sync.runDue();

    expect((await f.assignment(auth, id)).platformSync).toBe('synced');
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
  });

  it('when a driver is created with vehicleId of a vehicle on platform_b, then its assignment is synced', async () => {
    const { auth } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    await f.registerOnB(auth, vehicleId);

    const driver = (await w.request.post('/v1/drivers').set(auth).send({ name: 'Eva Gil', whatsapp: '3312127777', city: 'Guadalajara', vehicleId }).expect(201)).body;

    const [assignment] = (await w.request.get(`/v1/assignments?driverId=${driver.id}`).set(auth)).body.data;
    expect(assignment.platformSync).toBe('synced');
    expect(await f.boundOnPlatform('platform_b', vehicleId, driver.id)).toBe(true);
  });

  it.each([
    ['the driver', async (auth: Auth, v: string, d: string) => (await f.approveOnA(auth, v), await f.activeDriver(auth, d))],
    ['the vehicle', async (auth: Auth, v: string, d: string) => (await f.activeDriver(auth, d), await f.approveOnA(auth, v))],
  ])('when %s becomes active on platform_a last, then awaiting turns synced after a sync run', async (_last, activate) => {
    const { auth, vehicleId, driverId } = await pair();
    const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
    expect((await f.assignment(auth, id)).platformSync).toBe('awaiting');

    await activate(auth, vehicleId, driverId);
    await w.services.sync.runDue();

    expect((await f.assignment(auth, id)).platformSync).toBe('synced');
    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(true);
  });

  it('when the driver is bound but still under review, then the assignment stays awaiting and platform_a has no binding', async () => {
    const { auth, vehicleId, driverId } = await pair();
    await f.approveOnA(auth, vehicleId);
    await f.boundDriver(auth, driverId);

    const res = await f.assign(auth, vehicleId, driverId);

    expect(res.body.platformSync).toBe('awaiting');
    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(false);
  });

  it('when platform_b is down, then the assignment opens pending, each sync run retries, and it is synced once the platform is back', async () => {
    const { auth, vehicleId, driverId } = await pair();
    await f.registerOnB(auth, vehicleId);
    w.net.platformDown('platform_b');

    const res = await f.assign(auth, vehicleId, driverId);
    await w.services.sync.runDue();

    expect(res.status).toBe(201);
    expect(res.body.platformSync).toBe('pending');
    expect(f.bindingRow(res.body.id, 'platform_b')).toMatchObject({ state: 'pending', attempts: 2, last_error: expect.stringMatching(/PLATFORM_UNAVAILABLE/) });
    w.net.server.resetHandlers();
    await w.services.sync.runDue();
    expect((await f.assignment(auth, res.body.id)).platformSync).toBe('synced');
    expect(f.bindingRow(res.body.id, 'platform_b')).toEqual({ state: 'synced', attempts: 3, last_error: null });
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
  });

  it.each([
    ['platform_b', (auth: Auth, v: string) => f.registerOnB(auth, v)],
    ['platform_a', async (auth: Auth, v: string, d: string) => (await f.approveOnA(auth, v), await f.activeDriver(auth, d))],
  ])('when %s refuses the binding (plate FB…), then the assignment is failed and no sync run retries it', async (platform, activate) => {
    const { auth, vehicleId, driverId } = await pair('FB');
    await activate(auth, vehicleId, driverId);

    const res = await f.assign(auth, vehicleId, driverId);
    await w.services.sync.runDue();

    expect(res.body.platformSync).toBe('failed');
    expect((await f.assignment(auth, res.body.id)).platformSync).toBe('failed');
    expect(f.bindingRow(res.body.id, platform)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await f.boundOnPlatform(platform as 'platform_a' | 'platform_b', vehicleId, driverId)).toBe(false);
  });
});
