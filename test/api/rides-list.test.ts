import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { makeTestApp } from '../support/app.ts';
import { DAY } from '../support/fleet-fixtures.ts';
import { ridesFixtures, newestRideFirst, type Item, type PbFleet } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

const localHour = (r: Item) => new Date(Date.parse(r.startedAt) - 6 * 3_600_000).getUTCHours();

describe('GET /v1/rides', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  let fleet: PbFleet, generated: Item, from: string, to: string;
  // 8 vehicles' 14 days: enough shifts that some rides start in the two hours before midnight and some in the two after, local time.
  r.generatedBeforeAll(8, 14, 1, (made) => void ({ fleet, generated, from, to } = made));

  it.each([
    ['platform missing', {}],
    ['an unknown platform', { platform: 'platform_c' }],
    ['a date that does not exist', { platform: 'platform_b', from: '2026-02-30' }],
    ['a date not written YYYY-MM-DD', { platform: 'platform_b', to: '2026-3-1' }],
    ['from after to', { platform: 'platform_b', from: '2026-03-02', to: '2026-03-01' }],
    ['a driverId that is not a UUID', { platform: 'platform_b', driverId: 'abc' }],
    ['a vehicleId that is not a UUID', { platform: 'platform_b', vehicleId: '12' }],
    ['an unknown status', { platform: 'platform_b', status: 'done' }],
    ['limit 0', { platform: 'platform_b', limit: 0 }],
    ['limit 101', { platform: 'platform_b', limit: 101 }],
  ])('when the query has %s, then 400 VALIDATION', async (_case, query) => {
    const res = await w.request.get('/v1/rides').set(fleet.auth).query(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it.each([
    ['missing', {}, 'platform es obligatorio: platform_a o platform_b'],
    ['unknown', { platform: 'platform_c' }, 'platform debe ser platform_a o platform_b'],
    ['in upper case', { platform: 'PLATFORM_A' }, 'platform debe ser platform_a o platform_b'],
  ])('when platform is %s, then the 400 says so (a platform sent is not said to be missing)', async (_case, query, message) => {
    const res = await w.request.get('/v1/rides').set(fleet.auth).query(query);

    expect(res.body.error.details).toEqual([{ field: 'platform', message }]);
  });

  it('when the key lacks rides:read, then 403 INSUFFICIENT_SCOPE', async () => {
    const { auth } = w.newTenant('Sin viajes', ['vehicles:read', 'drivers:read']);
    const res = await w.request.get('/v1/rides').set(auth).query({ platform: 'platform_b' });
    expect([res.status, res.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it('when every page is read, then the window holds each generated ride once, newest first (ties by id)', async () => {
    const rides = await r.rides(fleet.auth, { from, to });
    expect(rides.length).toBe(generated.platforms.platform_b.rides);
    expect(rides.length).toBeGreaterThan(300);
    expect(new Set(rides.map((x) => x.id)).size).toBe(rides.length);
    expect(rides).toEqual([...rides].sort(newestRideFirst));
    expect(rides.every((x) => x.serviceDate === mexicoCityDate(Date.parse(x.startedAt)) && x.platform === 'platform_b')).toBe(true);
  });

  it('when a ride id is read, then it is a UUIDv7 whose timestamp is the ride start (docs/decisions.md)', async () => {
    const rides = await r.rides(fleet.auth, { from: to, to });
    expect(rides.length).toBeGreaterThan(0);
    for (const x of rides) {
      expect(x.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(x.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse(x.startedAt));
    }
  });

  it('when rides start around midnight in Mexico City, then they belong to the local day, whatever the UTC date', async () => {
    const rides = await r.rides(fleet.auth, { from, to });
    // The two hours each side of midnight: 22:xx and 23:xx at -06:00 are the next UTC day, 00:xx and 01:xx the same.
    const late = rides.find((x) => localHour(x) >= 22)!;
    const early = rides.find((x) => localHour(x) <= 1)!;
    expect([late, early].map(Boolean)).toEqual([true, true]); // the data has both (the fleet's size above)
    expect(late.startedAt.slice(0, 10)).toBe(addDays(late.serviceDate, 1));
    expect(early.startedAt.slice(0, 10)).toBe(early.serviceDate);
    for (const ride of [late, early]) {
      const day = ride.serviceDate;
      expect((await r.rides(fleet.auth, { from: day, to: day })).map((x) => x.id)).toContain(ride.id);
      expect((await r.rides(fleet.auth, { from: addDays(day, 1), to: addDays(day, 1) })).map((x) => x.id)).not.toContain(ride.id);
      expect((await r.rides(fleet.auth, { from: addDays(day, -1), to: addDays(day, -1) })).map((x) => x.id)).not.toContain(ride.id);
    }
    const [first, last] = [dayStartMs(late.serviceDate), dayStartMs(late.serviceDate) + DAY];
    const ofDay = await r.rides(fleet.auth, { from: late.serviceDate, to: late.serviceDate });
    expect(ofDay.every((x) => Date.parse(x.startedAt) >= first && Date.parse(x.startedAt) < last)).toBe(true);
  });

  it('when from and to span three days, then both ends are included: the rides of each day, no more', async () => {
    const [d1, d3] = [r.daysAgo(6), r.daysAgo(4)];
    const span = await r.rides(fleet.auth, { from: d1, to: d3 });
    const perDay = await Promise.all([d1, r.daysAgo(5), d3].map((d) => r.rides(fleet.auth, { from: d, to: d })));
    expect(perDay.every((day) => day.length > 0)).toBe(true);
    expect(span.map((x) => x.id).sort()).toEqual(perDay.flat().map((x) => x.id).sort());
  });

  it('when filtered by driver, vehicle and status, then only matching rides come back', async () => {
    const [driverId, vehicleId] = [fleet.drivers[1], fleet.vehicles[2]];
    const byDriver = await r.rides(fleet.auth, { from, to, driverId });
    const byVehicle = await r.rides(fleet.auth, { from, to, vehicleId });
    const cancelled = await r.rides(fleet.auth, { from, to, status: 'cancelled_rider' });
    expect(byDriver.length).toBeGreaterThan(0);
    expect(byDriver.every((x) => x.driverId === driverId && x.vehicleId === fleet.vehicles[1])).toBe(true);
    expect(byVehicle.length).toBeGreaterThan(0);
    expect(byVehicle.every((x) => x.vehicleId === vehicleId)).toBe(true);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((x) => x.status === 'cancelled_rider' && x.tipMxn === null && x.distanceKm === null)).toBe(true);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await r.rides(fleet.auth, { vehicleId: nobody })).toEqual([]);
    expect(await r.rides(fleet.auth, { driverId: nobody, status: 'in_progress' })).toEqual([]);
    const completed = await r.rides(fleet.auth, { from, to, status: 'completed', vehicleId });
    expect(completed.every((x) => /^\d+\.\d{2}$/.test(x.grossMxn) && x.completedAt > x.startedAt)).toBe(true);
  });

  it('when another tenant reads rides, then it sees none of these, and their ids are no cursor for it', async () => {
    const other = w.newTenant('Otra flota');
    const [one] = await r.rides(fleet.auth, { from: to, to });
    expect(await r.rides(other.auth, {})).toEqual([]);
    const res = await w.request.get('/v1/rides').set(other.auth).query({ platform: 'platform_b', startingAfter: one.id });
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
  });

  it('when the window is generated again or read by a fresh API with the same seed, then the same rides come back, ids included', async () => {
    const before = await r.rides(fleet.auth, { from, to });
    const again = await r.generate(fleet.tenantId, from, to);
    const fresh = makeTestApp({ clock: w.clock, platformA: w.net.platformA, platformB: w.net.platformB, simulators: w.net.control });
    fresh.deps.db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES (?, 'Copia', 'active', ?)").run(fleet.tenantId, w.clock.nowIso());
    const key = fresh.tenants.createKey(fleet.tenantId);
    await fresh.services.rideIngestion.ingestWindow(fleet.tenantId, 'platform_b', from, to);
    const copy = await fresh.request.get('/v1/rides').set({ Authorization: `Bearer ${key.key}` }).query({ platform: 'platform_b', from, to, limit: 100 });
    expect(again.platforms.platform_b).toMatchObject({ generatedRides: 0, rides: before.length });
    expect(await r.rides(fleet.auth, { from, to })).toEqual(before);
    expect(copy.body.data).toEqual(before.slice(0, 100));
  });
});
