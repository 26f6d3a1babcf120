import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs } from '../../server/lib/mexico-city.ts';
import { DAY } from '../support/fleet-fixtures.ts';
import { ridesFixtures } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('rides as simulated time passes', () => {
  const w = useWorld();
  const r = ridesFixtures(w);

  it('when the clock advances, then the passed days rides exist and are ingested, and the latest may be in_progress', async () => {
    const fleet = await r.pbFleet(8);
    const start = r.today();
    await r.f.advance(2 * DAY + 8 * 3_600_000);
    const rides = await r.rides(fleet.auth, { from: start });
    expect(new Set(rides.map((x) => x.serviceDate))).toEqual(new Set([start, addDays(start, 1), r.today()]));
    const underway = rides.filter((x) => x.status === 'in_progress');
    expect(underway.length).toBeGreaterThan(0);
    expect(underway.every((x) => x.completedAt === null && x.grossMxn === null && Date.parse(x.startedAt) <= w.clock.nowMs())).toBe(true);
  });

  it('when a platform_a vehicle is approved and an approved driver assigned, then its rides carry that driver; before, it has none', async () => {
    const { auth, tenant } = w.newTenant('Flota A');
    const vehicleId = await r.f.vehicle(auth);
    await r.f.approveOnA(auth, vehicleId);
    const driverId = await r.f.driver(auth);
    await r.f.activeDriver(auth, driverId);
    expect((await r.generate(tenant.id, r.daysAgo(1), r.daysAgo(1))).platforms.platform_a).toMatchObject({ vehicles: 0, rides: 0 });
    await r.f.assign(auth, vehicleId, driverId).expect(201);
    const [from, to] = [r.daysAgo(4), r.daysAgo(2)];
    const generated = (await r.generate(tenant.id, from, to)).platforms.platform_a;
    const rides = await r.all(auth, '/v1/rides', { platform: 'platform_a', from, to });
    expect(generated.vehicles).toBe(1);
    expect(rides.length).toBe(generated.rides);
    expect(rides.length).toBeGreaterThan(5);
    expect(rides.every((x) => x.driverId === driverId && x.vehicleId === vehicleId && x.platform === 'platform_a')).toBe(true);
  });

  it('when the frozen clock has not moved since the last run, then a sync run reads no rides; after an advance it does', async () => {
    await r.pbFleet(1);
    await r.f.advance(3_600_000);
    const reads = () => r.f.platformCalls.filter((c) => c.includes('/earnings/daily') || c.includes('/rides?') || c.includes('/reports/batch'));
    r.f.platformCalls.splice(0);
    await w.services.sync.runDue();
    expect(reads()).toEqual([]);
    await r.f.advance(60_000);
    expect(reads().length).toBeGreaterThan(0);
  });

  it('when platform_b is down during an advance, then the next sync run after it is back ingests the passed days', async () => {
    const fleet = await r.pbFleet(2);
    const start = r.today();
    w.net.platformDown('platform_b');
    await r.f.advance(DAY);
    expect(await r.rides(fleet.auth, { from: start })).toEqual([]);
    w.net.server.resetHandlers();
    await w.services.sync.runDue();
    expect((await r.rides(fleet.auth, { from: start })).length).toBeGreaterThan(0);
  });

  it('when platform_b amounts are read again within 16 days they may change; after 16 days they never do', async () => {
    const fleet = await r.pbFleet(10);
    const day = r.daysAgo(1);
    await r.generate(fleet.tenantId, day, day);
    const amounts = async () => (await r.rides(fleet.auth, { from: day, to: day })).map((x) => [x.id, x.grossMxn, x.tipMxn, x.netMxn]);
    const first = await amounts();
    await r.f.advance(8 * DAY);
    const within = await amounts();
    await r.f.advance(dayStartMs(addDays(day, 17)) - w.clock.nowMs());
    const settled = await amounts();
    await r.f.advance(20 * DAY);
    expect(within).not.toEqual(first);
    expect(settled).not.toEqual(within);
    expect(await amounts()).toEqual(settled);
  });
});
