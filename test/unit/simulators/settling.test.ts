import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayStartMs } from '../../../server/lib/mexico-city.ts';
import { settlesAtMs } from '../../../simulators/rides/settling.ts';

const day = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('platform_b settling', () => {
  it('when a service day settles, then it is the start of the day settlingDays + 1 days later', () => {
    fc.assert(fc.property(day, fc.integer({ min: 0, max: 40 }), (date, n) => void expect(settlesAtMs(date, n)).toBe(dayStartMs(addDays(date, n + 1)))));
    expect(settlesAtMs('2024-02-28', 16)).toBe(Date.parse('2024-03-16T06:00:00.000Z'));
  });
});
