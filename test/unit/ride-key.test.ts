import { describe, expect, it } from 'vitest';
import { uuidBytes, uuidText } from '../../server/lib/ids.ts';
import { instantKey, rideKey } from '../../server/rides/ride-key.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T = Date.parse('2026-03-01T14:05:09.123Z');

describe('rideKey', () => {
  it('when a ride id is made, then it is a UUIDv7 whose 48-bit timestamp is startedAt', () => {
    const id = uuidText(rideKey(42, 'platform_b', 'ride-1', T));

    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(T);
  });

  it('when the same ride is keyed twice, then the key is the same; another seed, platform or ride gives another', () => {
    const key = uuidText(rideKey(42, 'platform_b', 'ride-1', T));

    expect(uuidText(rideKey(42, 'platform_b', 'ride-1', T))).toBe(key);
    const others = [rideKey(43, 'platform_b', 'ride-1', T), rideKey(42, 'platform_a', 'ride-1', T), rideKey(42, 'platform_b', 'ride-2', T)];
    expect(new Set([key, ...others.map(uuidText)]).size).toBe(4);
  });

  it('when keys are compared as bytes or as text, then they sort by startedAt first', () => {
    const keys = [T + 1, T - 1, T, T + 86_400_000].map((t, i) => rideKey(42, 'platform_b', `r${i}`, t));
    const byBytes = [...keys].sort(Buffer.compare).map(uuidText);
    const byText = keys.map(uuidText).sort();

    expect(byBytes).toEqual(byText);
    expect(byText.map((id) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16))).toEqual([T - 1, T, T + 1, T + 86_400_000]);
  });

  it('when a window [a, b) is turned into key bounds, then a ride started at a is inside and one started at b is not', () => {
    const [a, b] = [T, T + 86_400_000];
    const inside = (t: number) => {
      const k = rideKey(42, 'platform_b', `at-${t}`, t);
      return Buffer.compare(k, instantKey(a)) >= 0 && Buffer.compare(k, instantKey(b)) < 0;
    };

    expect([a - 1, a, b - 1, b].map(inside)).toEqual([false, true, true, false]);
  });
});

describe('uuidBytes / uuidText', () => {
  it('when a UUID goes to bytes and back, then it comes back in lower case', () => {
    const id = '0190ABCD-1234-7ABC-8DEF-0123456789AB';

    expect(uuidBytes(id)).toHaveLength(16);
    expect(uuidText(uuidBytes(id))).toBe(id.toLowerCase());
  });
});
