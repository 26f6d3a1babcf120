import { describe, expect, it } from 'vitest';
import { createBatchRead, WORLDS_PER_BATCH, type DueRead, type PlannedRead } from '../../server/ingestion/batch-read.ts';
import { AppError } from '../../server/errors.ts';
import type { FeedWindow, FleetReport, RideFeed } from '../../server/platforms/ride-feed.ts';

const ride = { platformRideId: 'r1', vehicleId: 'v', driverId: null, status: 'completed' as const, startedAtMs: 1, completedAtMs: 2,
  distanceHkm: 100, grossCents: 100, tipCents: 0, netCents: 80 };

/** `n` due platform_b reads of worlds w0…; their plans, what the feed was asked and what happened to each. */
function setup(n: number, options: { plan?: (id: string) => Partial<PlannedRead>; busy?: Set<string>; faulted?: Set<string>; down?: boolean } = {}) {
  const reads: DueRead[] = Array.from({ length: n }, (_, i) => ({ platform: 'platform_b', target: { tenant_id: `w${i}`, created_at: '' } }));
  const batches: FeedWindow[][] = [];
  const stored: string[] = [];
  const done: string[] = [];
  const failed: string[] = [];
  const feed = {
    async readBatch(windows: FeedWindow[]): Promise<FleetReport[]> {
      batches.push(windows);
      if (options.down) throw new AppError('PLATFORM_UNAVAILABLE', 'caída');
      return windows.map((w) => ({ fleetId: w.fleetId, daily: [], page: { rides: [ride], nextCursor: options.busy?.has(w.fleetId) ? 'more' : null } }));
    },
  } as unknown as RideFeed;
  const batch = createBatchRead({
    feed: () => feed,
    plan: (read) => ({ window: { fleetId: read.target.tenant_id, from: '2026-01-01', to: '2026-01-02' }, days: 2, nowMs: 7, ...options.plan?.(read.target.tenant_id) }),
    hasWorldFault: (tenantId) => options.faulted?.has(tenantId) ?? false,
    store: async (read) => void stored.push(read.target.tenant_id),
    done: (read) => void done.push(read.target.tenant_id),
    failed: (read) => void failed.push(read.target.tenant_id),
  });
  const ids = (list: DueRead[]) => list.map((r) => r.target.tenant_id).sort();
  return { reads, batches, stored, done, failed, readAll: async () => ids(await batch.readAll(reads)) };
}

describe('batch read of many worlds (a service-wide advance)', () => {
  it(`when ${WORLDS_PER_BATCH * 2 + 1} worlds are due, then the platform is asked three times (${WORLDS_PER_BATCH}, ${WORLDS_PER_BATCH}, 1) and every world is stored and marked`, async () => {
    const s = setup(WORLDS_PER_BATCH * 2 + 1);
    expect(await s.readAll()).toEqual([]);
    expect(s.batches.map((b) => b.length).sort((a, b) => b - a)).toEqual([WORLDS_PER_BATCH, WORLDS_PER_BATCH, 1]);
    expect(s.stored).toHaveLength(WORLDS_PER_BATCH * 2 + 1);
    expect(s.done).toHaveLength(WORLDS_PER_BATCH * 2 + 1);
  });

  it('when a window spans 31 days it goes in the batch; 32 days, or a world with a platform fault of its own, is left to its own read', async () => {
    const days: Record<string, number> = { w0: 31, w1: 32 };
    const s = setup(3, { plan: (id) => ({ days: days[id] ?? 1 }), faulted: new Set(['w2']) });
    expect(await s.readAll()).toEqual(['w1', 'w2']);
    expect(s.batches.flat().map((w) => w.fleetId)).toEqual(['w0']);
  });

  it('when a world has more rides than a batch answer holds, then nothing of it is stored from the batch and it is left to its own paged read', async () => {
    const s = setup(2, { busy: new Set(['w1']) });
    expect(await s.readAll()).toEqual(['w1']);
    expect([s.stored, s.done]).toEqual([['w0'], ['w0']]);
  });

  it('when a world has no day to read yet, then it is marked read without a call', async () => {
    const s = setup(1, { plan: () => ({ window: null }) });
    expect(await s.readAll()).toEqual([]);
    expect([s.batches, s.done]).toEqual([[], ['w0']]);
  });

  it('when the batch call fails, then every world of it is counted failed (read again at the next run), none marked', async () => {
    const s = setup(2, { down: true });
    expect(await s.readAll()).toEqual([]);
    expect([s.failed.sort(), s.done, s.stored]).toEqual([['w0', 'w1'], [], []]);
  });
});
