import { describe, expect, it } from 'vitest';
import { createRetryDelays } from '../../server/sync/retry-delays.ts';

describe('retry delays: the outcome of a run that began before another world\'s run told one', () => {
  it('when a run told a failure after an earlier run began, then the earlier run\'s success told later leaves the delay', () => {
    const delays = createRetryDelays(() => 0);
    const background = delays.begin();
    const own = delays.begin();
    delays.failed('w', own);
    delays.succeeded('w', background);

    expect(delays.waiting('w', 0)).toBe(true);
  });

  it('when a run told a success after an earlier run began, then the earlier run\'s failure told later adds no delay', () => {
    const delays = createRetryDelays(() => 0);
    const background = delays.begin();
    delays.succeeded('w', delays.begin());
    delays.failed('w', background);

    expect(delays.waiting('w', 0)).toBe(false);
  });

  it('when no other outcome was told meanwhile, then a run\'s outcome counts, and another world\'s outcomes do not matter', () => {
    const delays = createRetryDelays(() => 0);
    const run = delays.begin();
    delays.succeeded('other', delays.begin());
    delays.failed('w', run);
    const next = delays.begin();
    delays.succeeded('w', next);

    expect([delays.waiting('w', 0), delays.waiting('other', 0)]).toEqual([false, false]);
    delays.failed('w');
    expect(delays.waiting('w', 0)).toBe(true);
  });
});
