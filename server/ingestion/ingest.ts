import type { Deps } from '../deps.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { uuidFromHash } from '../lib/ids.ts';
import type { DailyEarningsRow } from '../earnings/store.ts';
import type { FeedDaily, FeedPage, FeedRide, FeedWindow, RideFeed } from '../platforms/ride-feed.ts';
import { addDays, eachDay, mexicoCityDate, minDate } from '../lib/mexico-city.ts';
import { createUuidBytesMemo, rideKey } from '../rides/ride-key.ts';
import { createRideStore } from '../rides/store.ts';
import { packRides } from './packed-rides.ts';
import { createIngestWriter } from './writer.ts';
import { createRideSyncStore } from './sync-store.ts';
import { createSyncThrottle } from './throttle.ts';

/**
 * Settles once every write has, with the first failure if any. Handled from the start: it may be
 * awaited only after the window's rides, and a failure meanwhile must not count as unhandled.
 */
function allWritten(writes: Promise<unknown>[]): Promise<void> {
  const all = Promise.allSettled(writes).then((results) => {
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
  all.catch(() => undefined);
  return all;
}

/** Rides per call: large pages keep a year of a 500-vehicle fleet to a few hundred calls. */
export const RIDE_PAGE_SIZE = 25_000;
/** The platforms answer daily earnings for at most a month per call. */
const DAILY_CHUNK_DAYS = 31;
/**
 * Days before the last read that may still have changed on the platform: platform_b amounts settle
 * for 16 days after the service day (spec §8); platform_a's are final once a ride ends, but a ride
 * started late yesterday may still have been under way.
 */
export const UNSETTLED_DAYS: Record<Platform, number> = { platform_a: 1, platform_b: 16 };

export interface IngestCounts {
  rides: number;
  dailyEarnings: number;
}

type IngestDeps = Pick<Deps, 'db' | 'clocks' | 'seed' | 'logger' | 'realNowMs' | 'platformA' | 'platformB'>;

/**
 * Brings the API's rides and daily earnings up to date with the platforms, through their clients.
 * Idempotent: a ride's id is a hash of the seed, the platform and the platform's ride id, and a
 * daily row's of the tenant, platform, driver and day, so reading a window again updates in place.
 */
export function createRideIngestion(deps: IngestDeps) {
  const rides = createRideStore(deps.db);
  const writer = createIngestWriter(deps.db);
  const syncState = createRideSyncStore(deps.db);
  const throttle = createSyncThrottle(deps.clocks, deps.realNowMs);
  const feed = (platform: Platform): RideFeed => (platform === 'platform_a' ? deps.platformA : deps.platformB);

  const dailyRow = (tenantId: string, platform: Platform, d: FeedDaily, now: string): DailyEarningsRow => ({
    id: uuidFromHash(`${deps.seed}:${platform}:daily:${tenantId}:${d.driverId ?? 'none'}:${d.date}`), tenant_id: tenantId, platform,
    date: d.date, driver_id: d.driverId, trips: d.trips, gross_cents: d.grossCents, net_cents: d.netCents,
    online_chours: d.onlineChours, updated_at: now,
  });

  /**
   * A pipeline of three: the platform prepares page n+1 while the API converts page n and the
   * writer (ingest-writer.ts: a thread, once a window has more than one page) writes page n-1. At
   * most one page waits for the writer. One transaction per page: written in-process, a page holds
   * the event loop (~0.3 s for 25 000 rides), and a longer hold would let the real-time timeout of
   * the request under way fire before its answer is read.
   */
  async function ingestRides(tenantId: string, platform: Platform, window: FeedWindow, onAsked?: () => void): Promise<number> {
    const read = (cursor: string | null) => feed(platform).listRides(window, cursor, RIDE_PAGE_SIZE);
    const feedId = rides.feed(tenantId, platform);
    const bytesOf = createUuidBytesMemo();
    const keyOf = (r: FeedRide) => rideKey(deps.seed, platform, r.platformRideId, r.startedAtMs);
    let count = 0;
    let written: Promise<number> = Promise.resolve(0);
    const first = read(null);
    onAsked?.();
    for (let next: Promise<FeedPage> | null = first; next !== null; ) {
      const page: FeedPage = await next;
      next = page.nextCursor === null ? null : read(page.nextCursor);
      // If writing fails, the request already under way must not end as an unhandled rejection.
      next?.catch(() => undefined);
      const packed = packRides(feedId, page.rides, keyOf, bytesOf);
      await written;
      written = writer.rides(packed, next !== null);
      written.catch(() => undefined); // awaited at the next page or below: a failure is not lost
      count += page.rides.length;
    }
    await written;
    return count;
  }

  /**
   * The window's daily rows, read a month at a time. Their writes are handed over and not awaited
   * here: behind the writer thread's queue (pages of the previous chunk) they would hold up this
   * window's first page of rides, and with it the whole pipeline (testbed.ts).
   */
  async function readDaily(tenantId: string, platform: Platform, window: FeedWindow): Promise<{ count: number; written: Promise<void> }> {
    let count = 0;
    const writes: Promise<void>[] = [];
    try {
      for (const days = eachDay(window.from, window.to); days.length; days.splice(0, DAILY_CHUNK_DAYS)) {
        const chunk = { ...window, from: days[0], to: days[Math.min(DAILY_CHUNK_DAYS, days.length) - 1] };
        const rows = await feed(platform).listDailyEarnings(chunk);
        const now = deps.clocks.forTenant(tenantId).now().toISOString();
        const write = writer.daily(rows.map((d) => dailyRow(tenantId, platform, d, now)));
        write.catch(() => undefined); // observed by allWritten or allSettled below: not unhandled meanwhile
        writes.push(write);
        count += rows.length;
      }
    } catch (err) {
      await Promise.allSettled(writes); // nothing goes on writing once the window has failed
      throw err;
    }
    return { count, written: allWritten(writes) };
  }

  /**
   * Reads the days `from`..`to` (inclusive) of one platform. Daily rows first: a window with none has
   * no rides either (every ride belongs to a driver's day), which spares idle tenants the second call.
   * `onAsked` is called once the first page is asked for (or nothing will be): the platform may take
   * other work from then on without delaying the start of this window (testbed.ts). Resolves once
   * everything read is written; a failure of the rides wins over one of the daily rows.
   */
  async function ingestWindow(tenantId: string, platform: Platform, from: string, to: string, onAsked?: () => void): Promise<IngestCounts> {
    // The tenant's today: a world whose clock is ahead has more days behind it.
    const window = { fleetId: tenantId, from, to: minDate(to, mexicoCityDate(deps.clocks.forTenant(tenantId).nowMs())) };
    if (window.from > window.to) return (onAsked?.(), { rides: 0, dailyEarnings: 0 });
    const daily = await readDaily(tenantId, platform, window);
    if (daily.count === 0) {
      onAsked?.();
      await daily.written;
      return { rides: 0, dailyEarnings: 0 };
    }
    let rides: number;
    try {
      rides = await ingestRides(tenantId, platform, window, onAsked);
    } catch (err) {
      await daily.written.catch(() => undefined);
      throw err;
    }
    await daily.written;
    return { rides, dailyEarnings: daily.count };
  }

  /**
   * The background task: for each world whose time moved (throttle.ts), its days since its last read,
   * minus the platform's unsettled window.
   */
  async function syncDue(): Promise<void> {
    // Asked first: on most sync ticks no world's time moved, and the targets need not be read at all.
    const due = throttle.dueAmong(syncState.tenantIds());
    if (due.size === 0) return;
    const targets = PLATFORMS.flatMap((platform) => syncState.targets(platform).map((target) => ({ platform, target })));
    for (const { platform, target } of targets) {
      if (!due.has(target.tenant_id)) continue;
      const nowMs = deps.clocks.forTenant(target.tenant_id).nowMs();
      const since = mexicoCityDate(target.synced_at_ms ?? Date.parse(target.created_at));
      try {
        await ingestWindow(target.tenant_id, platform, addDays(since, -UNSETTLED_DAYS[platform]), mexicoCityDate(nowMs));
        syncState.mark(target.tenant_id, platform, nowMs);
      } catch (err) {
        // One platform down must not hold the other back; this window is read again at the next tick.
        throttle.retry(target.tenant_id);
        deps.logger.warn('rides ingestion failed', { platform, tenantId: target.tenant_id, error: (err as Error).message });
      }
    }
  }

  return { ingestWindow, syncDue, close: writer.close };
}

export type RideIngestion = ReturnType<typeof createRideIngestion>;
