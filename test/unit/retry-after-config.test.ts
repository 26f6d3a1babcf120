import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('FLEET_RETRY_AFTER_S', () => {
  it('when unset, then platform-caused 503s keep Retry-After 5', () => {
    expect(readConfig({}).retryAfterS).toBe(5);
  });

  it.each([['0', 0], ['1', 1], ['30', 30]])('when it is %s, then it is taken', (raw, seconds) => {
    expect(readConfig({ FLEET_RETRY_AFTER_S: raw }).retryAfterS).toBe(seconds);
  });

  it.each(['-1', '1.5', 'soon'])('when it is %s, then serve refuses to start with a Spanish reason', (raw) => {
    expect(() => readConfig({ FLEET_RETRY_AFTER_S: raw })).toThrow(/FLEET_RETRY_AFTER_S debe ser un número entero/);
  });
});
