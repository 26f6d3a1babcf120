import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { formatOrNull } from '../../server/earnings/money.ts';
import { uuidText } from '../../server/lib/ids.ts';
import { rideKey } from '../../server/rides/ride-key.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { ridesFixtures, newestRideFirst } from '../support/rides-fixtures.ts';
import { validBody } from '../support/vehicles.ts';
import { useWorld } from '../support/world.ts';

describe('POST /_testbed/rides/generate over several chunks', () => {
  const w = useWorld();
  const r = ridesFixtures(w);

  it('when a window spans three chunks (7 days, then 14) of several pages, then every day of it is produced and ingested once, and a second call adds nothing', async () => {
    const fleet = await r.pbFleet(2);
    const [from, to] = [r.daysAgo(31), r.daysAgo(2)]; // 30 days: chunks of 7, 14 and 9
    w.net.platformPageCap('platform_b', 50);

    const first = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;
    const rides = await r.rides(fleet.auth, { from, to });
    const again = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;

    expect(first.generatedRides).toBeGreaterThan(0);
    expect(first).toMatchObject({ vehicles: 2, rides: first.generatedRides });
    expect(rides.length).toBe(first.generatedRides);
    const chunkOf = (day: string) => (day < addDays(from, 7) ? 0 : day < addDays(from, 21) ? 1 : 2);
    expect(new Set(rides.map((x) => chunkOf(x.serviceDate)))).toEqual(new Set([0, 1, 2]));
    expect(again).toMatchObject({ generatedRides: 0, rides: rides.length, dailyEarnings: first.dailyEarnings });
  });

  it('when the fleet has more than 50 vehicles, then each call to the simulators holds fewer days (700 vehicle-days at most), and the window is read whole', async () => {
    const fleet = await r.pbFleet(2);
    // 58 more, on no platform: 60 vehicles in all, 11 days a call.
    for (let i = 0; i < 58; i++) await w.request.post('/v1/vehicles').set(fleet.auth).send(validBody({ plate: `GRD-${String(i).padStart(3, '0')}` })).expect(201);
    const [from, to] = [r.daysAgo(21), r.daysAgo(2)]; // 20 days: 7, then 11, then 2
    const calls = vi.spyOn(w.deps.simulators, 'generateRides');

    const generated = (await r.generate(fleet.tenantId, from, to)).platforms.platform_b;
    const rides = await r.rides(fleet.auth, { from, to });

    expect(calls.mock.calls.map(([window]) => [window.from, window.to])).toEqual([
      [from, addDays(from, 6)], [addDays(from, 7), addDays(from, 17)], [addDays(from, 18), to],
    ]);
    expect(generated.generatedRides).toBeGreaterThan(0);
    expect(rides.length).toBe(generated.generatedRides);
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
    expect(listed).toEqual(asListed.sort(newestRideFirst));
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
