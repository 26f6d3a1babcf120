import { describe, expect, it } from 'vitest';
import { watchedProcess } from '../../cli/lib/stop-request.ts';

describe('FLEET_EXIT_WITH_PARENT (cli/lib/stop-request.ts)', () => {
  it.each([
    ['1', 'parent'],
    ['2', 2],
    ['4242', 4242],
    [String(2 ** 31 - 1), 2 ** 31 - 1],
    [String(2 ** 31), null],
    ['0', null],
    ['', null],
    ['-5', null],
    ['12a', null],
    ['yes', null],
    [undefined, null],
  ])('when it is %j, then serve watches %j', (value, watched) => {
    expect(watchedProcess(value)).toBe(watched);
  });
});
