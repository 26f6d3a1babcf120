import { describe, expect, it } from 'vitest';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('ending assignments unbinds them on the platforms', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  async function synced() {
    const { auth } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    const driverId = await f.driver(auth);
    await f.registerOnB(auth, vehicleId);
    const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
    return { auth, vehicleId, driverId, id };
  }

  it('when a synced assignment is deleted, then platform_b no longer has the binding and it keeps platformSync synced', async () => {
    const { auth, vehicleId, driverId, id } = await synced();

    const res = await w.request.delete(`/v1/assignments/${id}`).set(auth);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ended', platformSync: 'synced' });
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(false);
    expect(f.bindingRow(id, 'platform_b')).toMatchObject({ state: 'unbound', attempts: 2 });
  });

  it('when a newer assignment replaces it, then the old pair is unbound and only the new one is on the platform', async () => {
    const { auth, vehicleId, driverId, id } = await synced();
    const otherDriver = await f.driver(auth);

    const res = await f.assign(auth, vehicleId, otherDriver);

    expect(res.body.platformSync).toBe('synced');
    expect((await f.assignment(auth, id)).status).toBe('ended');
    expect(f.bindingRow(id, 'platform_b')?.state).toBe('unbound');
    const onPlatform = (await w.net.control.listBindings('platform_b')).filter((b) => b.vehicleExternalId === vehicleId);
    expect(onPlatform.map((b) => b.driverExternalId)).toEqual([otherDriver]);
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(false);
  });

  it('when the platform is down at DELETE, then it still answers 200 and the background sync unbinds once it is back', async () => {
    const { auth, vehicleId, driverId, id } = await synced();
    w.net.platformDown('platform_b');

    const res = await w.request.delete(`/v1/assignments/${id}`).set(auth);
    await w.services.sync.runDue();

    expect(res.status).toBe(200);
    expect(f.bindingRow(id, 'platform_b')).toMatchObject({ state: 'unbinding', attempts: 3 });
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
    w.net.server.resetHandlers();
    await w.services.sync.runDue();
    expect(f.bindingRow(id, 'platform_b')).toMatchObject({ state: 'unbound', attempts: 4, last_error: null });
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(false);
  });

  it('when the driver invitation is deleted, then platform_a drops the binding, the assignment awaits, and it is bound again once the driver is back', async () => {
    const { auth } = w.newTenant();
    const [vehicleId, driverId] = [await f.vehicle(auth), await f.driver(auth)];
    await f.approveOnA(auth, vehicleId);
    await f.activeDriver(auth, driverId);
    const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
    expect((await f.assignment(auth, id)).platformSync).toBe('synced');

    await w.request.delete(`/v1/drivers/${driverId}/invitations/platform_a`).set(auth).expect(200);

    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(false);
    expect((await f.assignment(auth, id)).platformSync).toBe('awaiting');
    await f.activeDriver(auth, driverId);
    await w.services.sync.runDue();
    expect((await f.assignment(auth, id)).platformSync).toBe('synced');
    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(true);
  });
});
