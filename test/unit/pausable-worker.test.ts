import { describe, expect, it } from 'vitest';
import { pausableWorker, type Pausable } from '../../server/jobs/pausable-worker.ts';

/** A worker whose stops end when the test says so (their calls in flight finishing). */
function worker(running: boolean) {
  const events: string[] = [];
  const finishing: (() => void)[] = [];
  const w: Pausable & { running: boolean } = {
    running,
    isRunning: () => w.running,
    stop: () => {
      events.push('stop');
      w.running = false;
      return new Promise<void>((resolve) => finishing.push(resolve));
    },
    start: () => {
      events.push('start');
      w.running = true;
    },
  };
  return { w, events, finishStops: () => finishing.splice(0).forEach((finish) => finish()) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the job worker: its owner\'s start and stop, and pauses held at once', () => {
  it('when two changes pause it side by side, then it stops once, both wait for that stop, and it starts again only after the last release', async () => {
    const { w, events, finishStops } = worker(false);
    const loop = pausableWorker(w);
    loop.start();
    let second: (() => void) | null = null;

    const first = loop.pause();
    void loop.pause().then((release) => (second = release));
    await turn();
    expect(second).toBeNull();
    finishStops();
    const releaseFirst = await first;
    await turn();
    releaseFirst();
    releaseFirst();

    expect(w.running).toBe(false);
    second!();
    expect(events).toEqual(['start', 'stop', 'start']);
    expect(w.running).toBe(true);
  });

  it('when it was never started, then no release starts it', async () => {
    const { w, events } = worker(false);
    const loop = pausableWorker(w);

    const releases = await Promise.all([loop.pause(), loop.pause()]);
    releases.forEach((release) => release());

    expect(events).toEqual([]);
  });

  it('when its owner stops it while a pause is held (serve shutting down), then the release starts nothing', async () => {
    const { w, events, finishStops } = worker(false);
    const loop = pausableWorker(w);
    loop.start();
    const held = loop.pause();
    finishStops();
    const release = await held;

    const stopped = loop.stop();
    finishStops();
    await stopped;
    release();

    expect(events).toEqual(['start', 'stop', 'stop']);
    expect(w.running).toBe(false);
  });

  it('when its owner starts it while a pause is held, then it waits for the release', async () => {
    const { w, events } = worker(false);
    const loop = pausableWorker(w);
    const release = await loop.pause();

    loop.start();
    expect(w.running).toBe(false);
    release();

    expect(events).toEqual(['start']);
    expect(w.running).toBe(true);
  });

  it('when a pause comes while its owner\'s stop is still finishing, then the pause waits for that stop', async () => {
    const { w, finishStops } = worker(false);
    const loop = pausableWorker(w);
    loop.start();
    void loop.stop();
    let paused = false;

    void loop.pause().then(() => (paused = true));
    await turn();
    expect(paused).toBe(false);
    finishStops();
    await turn();

    expect(paused).toBe(true);
  });
});
