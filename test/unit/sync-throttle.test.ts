import { describe, expect, it } from 'vitest';
import { SimClock } from '../../server/lib/clock.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createSyncThrottle, RESYNC_EVERY_REAL_MS } from '../../server/ingestion/throttle.ts';
import { createTenantService } from '../../server/tenants/service.ts';

const HOUR = 3_600_000;

function setup(service = SimClock.frozenAt('2026-03-02T15:00:00.000Z')) {
  const db = openDatabase(':memory:');
  const clocks = createClocks(db, service);
  const tenants = createTenantService({ db, clocks, ids: createSeededIds(db, 7) });
  let realMs = 0;
  const throttle = createSyncThrottle(clocks, () => realMs);
  const [a, b] = [tenants.createTenant('Mundo A').id, tenants.createTenant('Mundo B').id];
  return { clocks, throttle, a, b, passReal: (ms: number) => void (realMs += ms) };
}

describe('the ride ingestion throttle: which worlds are read again', () => {
  it('when worlds are first seen, then each is due; when no clock moved since, then none is', () => {
    const { throttle, a, b } = setup();

    expect(throttle.dueAmong([a, b])).toEqual(new Set([a, b]));
    expect(throttle.dueAmong([a, b])).toEqual(new Set());
  });

  it('when one tenant\'s clock is advanced, then that world alone is due', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);

    clocks.setOffset(b, HOUR);

    expect(throttle.dueAmong([a, b])).toEqual(new Set([b]));
  });

  it('when the service time is advanced, then every world is due', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);

    clocks.service.advance(HOUR);

    expect(throttle.dueAmong([a, b])).toEqual(new Set([a, b]));
  });

  it('when a world could not be read whole, then it alone is due again once its delay is over (1 s, then 2 s…), and at once after a whole read fails anew', () => {
    const { throttle, a, b, passReal } = setup();
    throttle.dueAmong([a, b]);

    throttle.retry(a);
    passReal(999);
    const early = throttle.dueAmong([a, b]);
    passReal(1);
    const first = throttle.dueAmong([a, b]);
    throttle.retry(a);
    passReal(1_000);
    const tooSoon = throttle.dueAmong([a, b]);
    passReal(1_000);
    const second = throttle.dueAmong([a, b]);
    throttle.readWhole(a);
    throttle.retry(a);
    passReal(1_000);

    expect([early, first, tooSoon, second]).toEqual([new Set(), new Set([a]), new Set(), new Set([a])]);
    expect(throttle.dueAmong([a, b])).toEqual(new Set([a]));
  });

  it('when a run is asked for (not the background\'s) right after a world\'s read failed, then that world is due at once', () => {
    const { throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    throttle.retry(a);

    expect(throttle.dueAmong([a, b])).toEqual(new Set());
    expect(throttle.dueAmong([a, b], { waitRetries: false })).toEqual(new Set([a]));
  });

  it('when a world whose read failed is advanced on its own, then it is read at once, its delay or not', () => {
    const { clocks, throttle, a } = setup();
    throttle.dueAmong([a]);
    throttle.retry(a);

    clocks.setOffset(a, HOUR);

    expect(throttle.dueOne(a)).toEqual(new Set([a]));
  });

  it('when the clock follows real time, then a world is due again 15 real seconds after its last read, not before', () => {
    const { throttle, a, passReal } = setup(new SimClock({ frozenAtMs: null, offsetMs: 0 }));
    throttle.dueAmong([a]);

    passReal(RESYNC_EVERY_REAL_MS - 1);
    expect(throttle.dueAmong([a])).toEqual(new Set());
    passReal(1);
    expect(throttle.dueAmong([a])).toEqual(new Set([a]));
  });

  it('when a world not seen before appears while no time moved, then it waits for the next move of any clock', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a]);

    expect(throttle.dueAmong([a, b])).toEqual(new Set());
    clocks.setOffset(a, HOUR);
    expect(throttle.dueAmong([a, b])).toEqual(new Set([a, b]));
  });

  it('when a world is no longer among the tenants, then it is forgotten: seen again, it is a world not seen before', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    clocks.setOffset(a, HOUR);
    expect(throttle.dueAmong([a])).toEqual(new Set([a]));

    clocks.setOffset(a, 2 * HOUR);

    expect(throttle.dueAmong([a, b])).toEqual(new Set([a, b]));
  });

  it('when a world goes back to an earlier time with its last read put back, then the same advance again makes it due', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    const saved = throttle.lastReadOf(a);
    clocks.setOffset(a, HOUR);
    expect(throttle.dueOne(a)).toEqual(new Set([a]));

    clocks.setOffset(a, 0);
    throttle.putLastRead(a, saved);
    clocks.setOffset(a, HOUR);

    expect(throttle.dueOne(a)).toEqual(new Set([a]));
  });

  it('when a world is put back with no read saved, then it counts as read at the time it brings back: due once that time moves, not before', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    clocks.setOffset(a, HOUR);
    throttle.dueOne(a);
    clocks.setOffset(a, 0);

    throttle.putLastRead(a, undefined);
    const atOnce = throttle.dueAmong([a, b]);
    clocks.setOffset(a, HOUR);

    expect(atOnce).toEqual(new Set());
    expect(throttle.dueAmong([a, b])).toEqual(new Set([a]));
  });

  it('when a background run has listed a world at its new time before an advance of it asks, then the advance still reads it (the run reads it only later)', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    clocks.setOffset(a, HOUR);

    const listedByBackground = throttle.dueAmong([a, b]);
    const byAdvance = throttle.dueOne(a);

    expect(listedByBackground).toEqual(new Set([a]));
    expect(byAdvance).toEqual(new Set([a]));
    // Its read counts for the background: not due again until its time moves.
    expect(throttle.dueAmong([a, b])).toEqual(new Set());
  });

  it('when every world is replaced (a reset, a whole restore), then each is read again, at the time it was read before too', () => {
    const { clocks, throttle, a, b } = setup();
    throttle.dueAmong([a, b]);
    clocks.setOffset(a, HOUR);
    throttle.dueOne(a);
    clocks.setOffset(a, 0);

    throttle.forgetAll();
    clocks.setOffset(a, HOUR);

    expect(throttle.dueAmong([a, b])).toEqual(new Set([a, b]));
  });
});
