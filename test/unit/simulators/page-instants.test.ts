import { describe, expect, it } from 'vitest';
import { pageInstants } from '../../../simulators/rides/view.ts';

describe("a page's instants (pageInstants)", () => {
  it('when instants come day by day, across midnights and back, then each is written as toISOString writes it', () => {
    const iso = pageInstants();
    const start = Date.parse('2025-12-31T22:00:00.000Z');
    // Every 7 min 13.457 s over three days, each followed by one 20 min later (a ride's end, past midnight at times).
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 433_457) {
      expect(iso(ms)).toBe(new Date(ms).toISOString());
      expect(iso(ms + 1_200_000)).toBe(new Date(ms + 1_200_000).toISOString());
    }
  });

  it('when an instant is null, before 1970, past the year 9999 or not a whole ms, then it is null or written as toISOString writes it', () => {
    const iso = pageInstants();
    expect(iso(null)).toBeNull();
    for (const ms of [0, -1, -86_400_001, 253_402_300_799_999, 253_402_300_800_000, 1_767_225_600_000.5]) {
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
