import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, eachDay } from '../../../server/lib/mexico-city.ts';
import { createDayPlanner, openUntilMs } from '../../../simulators/rides/day.ts';
import { openSimulatorsDb } from '../../../simulators/db.ts';
import { createRideDayStore, stillOpenSql } from '../../../simulators/rides/store.ts';

/**
 * The due run finds a fleet's open stretches among its days from today on (simulators/rides/store.ts,
 * migration 11): that holds only while a stretch is never open past the end of its own service day.
 */
describe('ride days: a stretch is open only within its own day', () => {
  it.each(['platform_a', 'platform_b'] as const)('when %s plans a season of days for many vehicles, whole or cut, then each stays open only until before the next day starts', (platform) => {
    const planner = createDayPlanner(7, platform);
    let latest = -Infinity;
    for (let v = 0; v < 40; v++) {
      for (const date of eachDay('2026-01-01', '2026-03-31')) {
        const plan = planner.plan(`vehicle-${v}`, date);
        const nextDay = dayStartMs(addDays(date, 1));
        for (const bounds of [{ fromMs: 0, untilMs: null }, { fromMs: dayStartMs(date) + 3_600_000, untilMs: nextDay - 60_000 }]) {
          const open = openUntilMs(plan, bounds);
          latest = Math.max(latest, open - nextDay);
          expect(open).toBeLessThan(nextDay);
        }
      }
    }
    // Some shifts run to the last minute of their day: the bound is met closely, not by a wide margin.
    expect(latest).toBeGreaterThan(-3_600_000);
  });

  it.each(['pa', 'pb'] as const)('when the due run looks for a fleet\'s open days on %s, then SQLite searches the primary key by fleet and day (no scan), and finds today\'s open stretch only', (p) => {
    const db = openSimulatorsDb(':memory:');
    const store = createRideDayStore(db, p);
    const today = '2026-03-02';
    const nowMs = dayStartMs(today) + 10 * 3_600_000;
    const day = (date: string, openUntilMs: number) => store.save({
      fleet_id: 'f1', service_date: date, vehicle_external_id: 'v1', driver_external_id: null, from_ms: 0, until_ms: null,
      open_until_ms: openUntilMs, final_at_ms: openUntilMs, rides: 0, trips: 0, gross: 0, net: 0, online_minutes: 0,
    });
    day('2026-03-01', dayStartMs('2026-03-02') - 60_000);
    day(today, nowMs + 3_600_000);

    const plan = db.prepare(`EXPLAIN QUERY PLAN ${stillOpenSql(p)}`).all('f1', today, nowMs) as { detail: string }[];

    expect(plan.map((row) => row.detail)).toEqual([`SEARCH ${p}_ride_days USING PRIMARY KEY (fleet_id=? AND service_date>?)`]);
    expect(store.stillOpen('f1', nowMs).map((row) => row.service_date)).toEqual([today]);
    db.close();
  });
});
