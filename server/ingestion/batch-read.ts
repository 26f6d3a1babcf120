import type { Platform } from '../common/schemas.ts';
import { eachLimited } from '../lib/each-limited.ts';
import { DAILY_READ_MAX_DAYS, type FeedWindow, type FleetReport, type RideFeed } from '../platforms/ride-feed.ts';
import type { SyncTarget } from './sync-store.ts';

/** Worlds per batch call (the simulators take at most 100): a thousand worlds are ten calls a platform. */
export const WORLDS_PER_BATCH = 100;
/** Rides per world in a batch answer; a world with more is read on its own, page after page. */
export const BATCH_RIDES_PER_WORLD = 1_000;
/** Batch calls in flight: the platform prepares one while the API stores the other. */
const BATCHES_AT_ONCE = 2;

/** One world's read of one platform, as the ingestion's sync finds it due. */
export interface DueRead {
  platform: Platform;
  target: SyncTarget;
}

/** Where a due read stands: its window (null when the world has no day to read yet) and its now. */
export interface PlannedRead {
  window: FeedWindow | null;
  days: number;
  nowMs: number;
}

export interface BatchReadDeps {
  feed(platform: Platform): RideFeed;
  /** Null: nothing to read there any more (the world deleted meanwhile): neither done nor failed. */
  plan(read: DueRead): PlannedRead | null;
  /** A world with a platform fault of its own: its calls must go through that fault, one by one. */
  hasWorldFault(tenantId: string, platform: Platform): boolean;
  store(read: DueRead, report: FleetReport): Promise<void>;
  done(read: DueRead, nowMs: number): void;
  failed(read: DueRead, err: unknown): void;
}

/**
 * After a service-wide advance every world's recent days are read again. One call per world and
 * platform (two, with the daily rows) was most of that advance's cost with a thousand worlds
 * (docs/performance.md); here the worlds go a hundred to a call. `readAll` answers the reads it
 * leaves to the one-world path: long windows, worlds with a fault of their own, busy worlds.
 */
export function createBatchRead(deps: BatchReadDeps) {
  type Item = { read: DueRead; window: FeedWindow; nowMs: number };

  async function readChunk(platform: Platform, items: Item[]): Promise<DueRead[]> {
    let reports: FleetReport[];
    try {
      reports = await deps.feed(platform).readBatch(items.map((i) => i.window), BATCH_RIDES_PER_WORLD);
    } catch (err) {
      for (const item of items) deps.failed(item.read, err);
      return [];
    }
    const rest: DueRead[] = [];
    await Promise.all(items.map(async (item, n) => {
      if (reports[n].page.nextCursor !== null) return void rest.push(item.read);
      try {
        await deps.store(item.read, reports[n]);
        deps.done(item.read, item.nowMs);
      } catch (err) {
        deps.failed(item.read, err);
      }
    }));
    return rest;
  }

  /** A read the batch leaves to the one-world path: a long window, or a world with a fault of its own. */
  const alone = (read: DueRead, { days }: PlannedRead) => days > DAILY_READ_MAX_DAYS || deps.hasWorldFault(read.target.tenant_id, read.platform);

  /**
   * The reads a batch would take, and those it would leave to the one-world path, as they stand now:
   * a world read alone (a slow fault of its own, or `busy`: a work of its own under way) is not one
   * of the batch's worlds (sync/runner.ts).
   */
  function split(reads: DueRead[], busy: (world: string) => boolean = () => false): { together: DueRead[]; alone: DueRead[] } {
    const together: DueRead[] = [];
    const left: DueRead[] = [];
    for (const read of reads) {
      const planned = deps.plan(read);
      if (planned !== null) (busy(read.target.tenant_id) || alone(read, planned) ? left : together).push(read);
    }
    return { together, alone: left };
  }

  /** The reads in batch calls (planned again: a read may have moved since `split`); answers those left to the one-world path. */
  async function readAll(reads: DueRead[]): Promise<DueRead[]> {
    const rest: DueRead[] = [];
    const chunks: { platform: Platform; items: Item[] }[] = [];
    for (const platform of new Set(reads.map((r) => r.platform))) {
      const items: Item[] = [];
      for (const read of reads.filter((r) => r.platform === platform)) {
        const planned = deps.plan(read);
        if (planned === null) continue;
        const { window, nowMs } = planned;
        if (window === null) deps.done(read, nowMs);
        else if (alone(read, planned)) rest.push(read);
        else items.push({ read, window, nowMs });
      }
      for (let i = 0; i < items.length; i += WORLDS_PER_BATCH) chunks.push({ platform, items: items.slice(i, i + WORLDS_PER_BATCH) });
    }
    await eachLimited(chunks, BATCHES_AT_ONCE, async ({ platform, items }) => void rest.push(...(await readChunk(platform, items))));
    return rest;
  }

  return { split, readAll };
}
