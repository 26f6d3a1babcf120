import { describe, expect, it } from 'vitest';
import { counted, spokenList } from '../../server/lib/human-text.ts';

describe('human text: lists and counts', () => {
  it.each([
    [[], 'y', ''],
    [['a'], 'y', 'a'],
    [['a', 'b'], 'o', 'a o b'],
    [['a', 'b', 'c'], 'y', 'a, b y c'],
  ] as const)('when %j is said with «%s», then it reads «%s»', (items, last, text) => {
    expect(spokenList(items, last)).toBe(text);
  });

  it('when one or more are counted, then the noun agrees', () => {
    expect([counted(1, 'paso', 'pasos'), counted(0, 'paso', 'pasos'), counted(3, 'paso', 'pasos')]).toEqual(['1 paso', '0 pasos', '3 pasos']);
  });
});
