import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopOnInterrupt } from '../../cli/scenario/interrupt.ts';

/** A promise and the function that settles it. */
function later() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('stopOnInterrupt: a --fresh environment stopped by the run or by a signal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when an environment is open, then SIGINT, SIGTERM and SIGHUP are heard; once it has stopped, none is (a batch\'s later lines meet the default)', async () => {
    const before = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s));

    const stop = stopOnInterrupt(async () => undefined);
    const during = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s));
    await stop();

    expect(during).toEqual(before.map((n) => n + 1));
    expect(['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s))).toEqual(before);
  });

  it('when the run and a signal both stop it, then its stop runs once', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const work = vi.fn(async () => undefined);
    const stop = stopOnInterrupt(work);

    const byRun = stop();
    process.emit('SIGTERM');
    await byRun;
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(143));

    expect(work).toHaveBeenCalledTimes(1);
  });

  it('when a signal comes while the run\'s own stop is under way, then the process ends only once that stop has ended (its temp dir removed)', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const slow = later();
    const stop = stopOnInterrupt(() => slow.promise);

    const ending = stop();
    process.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    const exitedBefore = exit.mock.calls.length;
    slow.release();
    await ending;

    expect(exitedBefore).toBe(0);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(130));
  });

  it('when a signal comes and the stop outlasts the wait (a busy machine), then what it would remove is removed at once before the process ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const never = later();
    try {
      const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
      const removed: string[] = [];
      stopOnInterrupt(() => never.promise, () => removed.push('datos'));

      process.emit('SIGTERM');
      await vi.advanceTimersByTimeAsync(4_999);
      const beforeTheWait = [...removed];
      await vi.advanceTimersByTimeAsync(1);

      expect(beforeTheWait).toEqual([]);
      expect(removed).toEqual(['datos']);
      expect(exit).toHaveBeenCalledWith(143);
    } finally {
      // Ended, so that it is no open environment of the next test.
      never.release();
      vi.useRealTimers();
    }
  });

  it('when the stop ends in time, then the removal at exit does not run again', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const removed: string[] = [];
    stopOnInterrupt(async () => undefined, () => removed.push('datos'));

    process.emit('SIGINT');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(130));

    expect(removed).toEqual([]);
  });
});
