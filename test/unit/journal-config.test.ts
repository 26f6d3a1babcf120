import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('FLEET_JOURNAL_MB', () => {
  it.each([
    [undefined, 64],
    ['0', 0],
    ['1', 1],
    ['512', 512],
  ])('when it is %s, then the journal bound is %i MiB', (raw, mb) => {
    expect(readConfig(raw === undefined ? {} : { FLEET_JOURNAL_MB: raw }).journalMb).toBe(mb);
  });

  it.each(['-1', '1.5', 'mucho'])('when it is %s, then it is refused in one Spanish line', (raw) => {
    expect(() => readConfig({ FLEET_JOURNAL_MB: raw })).toThrow(/^FLEET_JOURNAL_MB debe ser un número entero ≥ 0/);
  });
});
