import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseInstant } from '../../server/lib/iso-instant.ts';

describe('parseInstant: Date.parse for the platforms\' instants, the day read once', () => {
  it.each([
    '2026-05-04T12:34:56.789Z',
    '2024-02-29T23:59:59.999Z',
    // Date.parse's own quirks stay: a 30th of February rolls over, 24:00 is the next day's start.
    '2026-02-30T10:00:00.000Z',
    '2026-01-01T24:00:00.000Z',
    '2026-01-01T23:60:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000z',
    '2026-05-04T12:34:56Z',
    '2026-05-04T06:34:56.789-06:00',
    '0000-01-01T00:00:00.000Z',
    'not an instant',
    // The legacy parser reads other shapes of the same length its own way: the day is Date.parse's alone.
    '78/7:,JanTT12:34:56.789Z',
    '2026/05/04T12:34:56.789Z',
  ])('when %s is read, then it is what Date.parse answers', (text) => {
    expect(parseInstant(text)).toBe(Date.parse(text));
  });

  it('when instants of any day and time (and digits out of range) are read in any order, then each is what Date.parse answers', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const instant = fc.tuple(fc.integer({ min: 1900, max: 2100 }), two, two, two, two, two, fc.integer({ min: 0, max: 999 }))
      .map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${String(ms).padStart(3, '0')}Z`);

    fc.assert(fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (texts) => texts.every((t) => Object.is(parseInstant(t), Date.parse(t)))), { numRuns: 2_000 });
  });
});
