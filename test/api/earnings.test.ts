import { describe, expect, it } from 'vitest';
import { formatHundredths, parseHundredths } from '../../server/earnings/money.ts';
import { ridesFixtures, type Item, type PbFleet } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

/** The exact sum of decimal strings, through integer hundredths. */
const sum = (rows: Item[], field: string) => formatHundredths(rows.reduce((s, x) => s + parseHundredths(x[field])!, 0));
const newestFirst = (a: Item, b: Item) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1);

describe('GET /v1/earnings/daily and /v1/earnings/summary', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  let fleet: PbFleet, from: string, to: string;
  r.generatedBeforeAll(4, 10, 1, (made) => void ({ fleet, from, to } = made));

  const summary = async (query: Record<string, string>, auth = fleet.auth) =>
    (await w.request.get('/v1/earnings/summary').set(auth).query({ platform: 'platform_b', ...query }).expect(200)).body;

  it('when every page of daily rows is read, then there is one row per driver and day, newest day first (ties by id)', async () => {
    const rows = await r.all(fleet.auth, '/v1/earnings/daily', { platform: 'platform_b', from, to }, 7);
    expect(rows).toEqual([...rows].sort(newestFirst));
    expect(new Set(rows.map((x) => `${x.date}|${x.driverId}`)).size).toBe(rows.length);
    expect(new Set(rows.map((x) => x.driverId))).toEqual(new Set(fleet.drivers));
    expect(rows.every((x) => x.date >= from && x.date <= to && x.trips >= 0 && /^\d+\.\d{2}$/.test(x.onlineHours))).toBe(true);
    expect(rows.filter((x) => x.date === from).length).toBeGreaterThan(0);
    expect(rows.filter((x) => x.date === to).length).toBeGreaterThan(0);
  });

  it('when a summary covers a range, then its totals are the exact sums of the daily rows of that range', async () => {
    const driverId = fleet.drivers[0];
    const queries: Record<string, string>[] = [{ from, to }, { from: r.daysAgo(5), to: r.daysAgo(5) }, { from, to, driverId }, {}];
    for (const query of queries) {
      const rows = await r.daily(fleet.auth, query);
      const body = await summary(query);
      expect(body).toEqual({
        platform: 'platform_b', from: query.from ?? null, to: query.to ?? null,
        totals: {
          trips: rows.reduce((s, x) => s + x.trips, 0), grossMxn: sum(rows, 'grossMxn'), netMxn: sum(rows, 'netMxn'),
          onlineHours: sum(rows, 'onlineHours'), days: new Set(rows.map((x) => x.date)).size,
        },
      });
    }
    expect((await summary({ from, to })).totals.trips).toBeGreaterThan(50);
  });

  it("when a driver's day is compared with its rides, then trips are its completed rides and the money adds up", async () => {
    const driverId = fleet.drivers[2];
    // A day the driver worked (drivers take days off: rides.md), the latest of the last week.
    const week = await r.daily(fleet.auth, { from: r.daysAgo(7), to: r.daysAgo(1), driverId });
    expect(week.length).toBeGreaterThan(0);
    const day = week.at(-1)!.date;
    const rows = await r.daily(fleet.auth, { from: day, to: day, driverId });
    const rides = await r.rides(fleet.auth, { from: day, to: day, driverId });
    expect(rows.map((x) => [x.date, x.driverId])).toEqual([[day, driverId]]);
    const [row] = rows;
    expect(row.trips).toBeGreaterThan(0);
    expect(row.trips).toBe(rides.filter((x) => x.status === 'completed').length);
    expect(row.grossMxn).toBe(sum(rides.filter((x) => x.grossMxn !== null), 'grossMxn'));
    expect(row.netMxn).toBe(sum(rides.filter((x) => x.netMxn !== null), 'netMxn'));
  });

  it.each([
    ['/v1/earnings/daily', { from: '2026-02-29' }],
    ['/v1/earnings/daily', { platform: 'platform_b', from: '2026-03-02', to: '2026-03-01' }],
    ['/v1/earnings/summary', {}],
    ['/v1/earnings/summary', { platform: 'platform_b', to: '2026-13-01' }],
    ['/v1/earnings/summary', { platform: 'platform_b', driverId: 'nadie' }],
  ])('when %s is asked %o, then 400 VALIDATION', async (path, query) => {
    const res = await w.request.get(path).set(fleet.auth).query(query);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION']);
  });

  it.each(['/v1/earnings/daily', '/v1/earnings/summary'])('when the key lacks rides:read, then %s answers 403 INSUFFICIENT_SCOPE', async (path) => {
    const { auth } = w.newTenant('Sin permiso', ['vehicles:read']);
    const res = await w.request.get(path).set(auth).query({ platform: 'platform_b' });
    expect([res.status, res.body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it("when another tenant reads earnings, then it sees none of this fleet's", async () => {
    const other = w.newTenant('Otra flota');
    expect(await r.daily(other.auth, {})).toEqual([]);
    expect(await summary({}, other.auth)).toEqual({
      platform: 'platform_b', from: null, to: null, totals: { trips: 0, grossMxn: '0.00', netMxn: '0.00', onlineHours: '0.00', days: 0 },
    });
  });
});
