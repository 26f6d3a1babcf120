import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { formatOrNull } from '../../server/earnings/money.ts';
import { uuidText } from '../../server/lib/ids.ts';
import { rideKey } from '../../server/rides/ride-key.ts';
import { addDays, dayStartMs, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { makeTestApp } from '../support/app.ts';
import { ridesFixtures, type Item } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

const DAY = 86_400_000;
const localHour = (r: Item) => new Date(Date.parse(r.startedAt) - 6 * 3_600_000).getUTCHours();
const newestFirst = (a: Item, b: Item) => (a.startedAt === b.startedAt ? (a.id < b.id ? 1 : -1) : a.startedAt < b.startedAt ? 1 : -1);

describe('GET /v1/rides', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  let fleet: Awaited<ReturnType<typeof r.pbFleet>>;
  let generated: Item;
  let from: string;
  let to: string;

  beforeAll(async () => {
    fleet = await r.pbFleet(6);
    [from, to] = [r.daysAgo(14), r.daysAgo(1)];
    generated = await r.generate(fleet.tenantId, from, to);
  });

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
    expect(rides).toEqual([...rides].sort(newestFirst));
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
    const late = rides.find((x) => localHour(x) === 23)!;
    const early = rides.find((x) => localHour(x) === 0)!;
    expect(late.startedAt.slice(0, 10)).toBe(addDays(late.serviceDate, 1)); // 23:xx at -06:00 is the next UTC day
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

describe('POST /_testbed/rides/generate over several chunks', () => {
  const w = useWorld();
  const r = ridesFixtures(w);

  it('when a window spans three 14-day chunks of several pages, then every day of it is produced and ingested once, and a second call adds nothing', async () => {
    const fleet = await r.pbFleet(2);
    const [from, to] = [r.daysAgo(31), r.daysAgo(2)]; // 30 days: chunks of 14, 14 and 2
    w.net.platformPageCap('platform_b', 50);

    const first = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;
    const rides = await r.rides(fleet.auth, { from, to });
    const again = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;

    expect(first.generatedRides).toBeGreaterThan(0);
    expect(first).toMatchObject({ vehicles: 2, rides: first.generatedRides });
    expect(rides.length).toBe(first.generatedRides);
    const chunkOf = (day: string) => (day < addDays(from, 14) ? 0 : day < addDays(from, 28) ? 1 : 2);
    expect(new Set(rides.map((x) => chunkOf(x.serviceDate)))).toEqual(new Set([0, 1, 2]));
    expect(again).toMatchObject({ generatedRides: 0, rides: rides.length, dailyEarnings: first.dailyEarnings });
  });

  it('when the daily rows cannot be written while the rides are still being read, then the call answers 500 and a repeat once they can completes the window', async () => {
    const fleet = await r.pbFleet(2);
    const [from, to] = [r.daysAgo(20), r.daysAgo(15)];
    w.net.platformPageCap('platform_b', 20); // the rides take several calls after the failed write
    w.deps.db.exec("CREATE TRIGGER no_daily BEFORE INSERT ON daily_earnings BEGIN SELECT RAISE(ABORT, 'disco lleno'); END");

    const failed = await w.request.post('/_testbed/rides/generate').send({ tenantId: fleet.tenantId, from, to });
    w.deps.db.exec('DROP TRIGGER no_daily');
    const repeated = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;

    expect([failed.status, failed.body.error.code]).toEqual([500, 'INTERNAL']);
    expect(JSON.stringify(failed.body)).not.toContain('disco lleno'); // no internals leave the server
    expect(repeated.dailyEarnings).toBeGreaterThan(0);
    expect((await r.daily(fleet.auth, { from, to })).length).toBe(repeated.dailyEarnings);
    expect((await r.rides(fleet.auth, { from, to })).length).toBe(repeated.rides);
  });
});

describe('POST /_testbed/rides/generate on a database file (pages written by the ingestion writer thread)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-rides-'));
  const w = useWorld({ db: openDatabase(join(dir, 'api.db')) });
  const r = ridesFixtures(w);
  afterAll(async () => {
    await w.services.rideIngestion.close();
    w.deps.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when a window spans several chunks and pages, then the API lists exactly the rides the platform reports, with their values', async () => {
    const fleet = await r.pbFleet(2);
    const [from, to] = [r.daysAgo(20), r.daysAgo(1)];
    w.net.platformPageCap('platform_b', 40); // windows of several pages: the writer thread takes them

    const generated = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;
    const listed = await r.rides(fleet.auth, { from, to });
    const reported = [];
    for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
      const page = await w.deps.platformB.listRides({ fleetId: fleet.tenantId, from, to }, cursor, 25_000);
      reported.push(...page.rides);
      cursor = page.nextCursor;
    }

    expect(generated.rides).toBeGreaterThan(100);
    expect(listed.length).toBe(generated.rides);
    const asListed = reported.map((x) => ({
      id: uuidText(rideKey(w.deps.seed, 'platform_b', x.platformRideId, x.startedAtMs)), platform: 'platform_b',
      driverId: x.driverId, vehicleId: x.vehicleId, serviceDate: mexicoCityDate(x.startedAtMs), startedAt: new Date(x.startedAtMs).toISOString(),
      completedAt: x.completedAtMs === null ? null : new Date(x.completedAtMs).toISOString(), status: x.status,
      distanceKm: formatOrNull(x.distanceHkm), grossMxn: formatOrNull(x.grossCents), netMxn: formatOrNull(x.netCents), tipMxn: formatOrNull(x.tipCents),
    }));
    expect(listed).toEqual(asListed.sort(newestFirst));
  });
});

describe('POST /_testbed/rides/generate and today', () => {
  const w = useWorld();
  const r = ridesFixtures(w);

  it.each([
    ['starts tomorrow', 1, 3],
    ['is all next month', 30, 40],
  ])('when the window %s, then 400 VALIDATION saying those days have not happened yet, and nothing is generated', async (_label, fromIn, toIn) => {
    const fleet = await r.pbFleet(1);
    const [from, to] = [addDays(r.today(), fromIn), addDays(r.today(), toIn)];

    const res = await w.request.post('/_testbed/rides/generate').send({ tenantId: fleet.tenantId, from, to });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION',
      message: `Los días desde ${from} aún no han ocurrido: hoy es ${r.today()} (hora de Ciudad de México); avanza el reloj para generarlos.`,
      details: [{ field: 'from', message: expect.stringContaining(r.today()) }],
    });
    expect(await r.rides(fleet.auth, { from, to })).toEqual([]);
  });

  it('when the window ends after today, then it is generated up to today and generatedTo says so', async () => {
    const fleet = await r.pbFleet(2);
    const [from, to] = [r.daysAgo(2), addDays(r.today(), 5)];

    const res = await r.generate(fleet.tenantId, from, to);

    expect(res).toMatchObject({ from, to, generatedTo: r.today() });
    expect(res.platforms.platform_b.rides).toBeGreaterThan(0);
  });

  it('when the window ends today, then generatedTo is to', async () => {
    const fleet = await r.pbFleet(1);

    const res = await r.generate(fleet.tenantId, r.daysAgo(1), r.today());

    expect(res.generatedTo).toBe(r.today());
  });
});

describe('rides as simulated time passes', () => {
  const w = useWorld();
  const r = ridesFixtures(w);

  it('when the clock advances, then the passed days rides exist and are ingested, and the latest may be in_progress', async () => {
    const fleet = await r.pbFleet(8);
    const start = r.today();
    await r.f.advance(2 * DAY + 3 * 3_600_000);
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
    const reads = () => r.f.platformCalls.filter((c) => c.includes('/earnings/daily') || c.includes('/rides?'));
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
    const fleet = await r.pbFleet(6);
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
