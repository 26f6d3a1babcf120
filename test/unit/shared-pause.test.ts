import { describe, expect, it } from 'vitest';
import { sharedPause, type Pausable } from '../../server/jobs/shared-pause.ts';

/** A worker whose stop ends when the test says so (its calls in flight finishing). */
function worker(running: boolean) {
  const events: string[] = [];
  let finishStop = () => {};
  const w: Pausable & { running: boolean } = {
    running,
    isRunning: () => w.running,
    stop: () => {
      events.push('stop');
      w.running = false;
      return new Promise<void>((resolve) => (finishStop = resolve));
    },
    start: () => {
      events.push('start');
      w.running = true;
    },
  };
  return { w, events, finishStop: () => finishStop() };
}

describe('pauses of the job worker held at once', () => {
  it('when two changes pause it side by side, then it stops once, both wait for that stop, and it starts again only after the last release', async () => {
    const { w, events, finishStop } = worker(true);
    const pause = sharedPause(w);
    let second: (() => void) | null = null;

    const first = pause();
    void pause().then((release) => (second = release));
    await Promise.resolve();
    expect(second).toBeNull();
    finishStop();
    const releaseFirst = await first;
    await new Promise((r) => setImmediate(r));
    releaseFirst();
    releaseFirst();

    expect(w.running).toBe(false);
    second!();
    expect(events).toEqual(['stop', 'start']);
    expect(w.running).toBe(true);
  });

  it('when it was not running before the first pause, then no release starts it', async () => {
    const { w, events } = worker(false);
    const pause = sharedPause(w);

    const releases = await Promise.all([pause(), pause()]);
    releases.forEach((release) => release());

    expect(events).toEqual([]);
    expect(w.running).toBe(false);
  });
});
