import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs, eachDay } from '../../../server/lib/mexico-city.ts';
import { createDayPlanner, openUntilMs } from '../../../simulators/rides/day.ts';

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
});
