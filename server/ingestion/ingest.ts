import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { uuidFromHash } from '../lib/ids.ts';
import type { DailyEarningsRow } from '../earnings/store.ts';
import { DAILY_READ_MAX_DAYS, type FeedDaily, type FeedPage, type FeedRide, type FeedWindow, type FleetReport, type RideFeed } from '../platforms/ride-feed.ts';
import { addDays, daysBetween, eachDay, mexicoCityDate, minDate } from '../lib/mexico-city.ts';
import { createUuidBytesMemo, rideKey } from '../rides/ride-key.ts';
import { createRideStore } from '../rides/store.ts';
import { packRides } from './packed-rides.ts';
import { packWirePage, type WirePage } from '../platforms/ride-page-wire.ts';
import { createIngestWriter } from './writer.ts';
import { createRideSyncStore } from './sync-store.ts';
import { createSyncThrottle, type Seen } from './throttle.ts';
import { eachLimited } from '../lib/each-limited.ts';
import { failureMessage, type WorldFailure, type WorldReading } from '../sync/runner.ts';
import { createBatchRead, type BatchReadDeps, type DueRead, type PlannedRead } from './batch-read.ts';
import { worldsIn } from '../sync/sync-each.ts';

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

/**
 * Rides per call: large pages keep a year of a 500-vehicle fleet to a few hundred calls, and each
 * must come within the platform timeout (2 s by default) on a busy machine too: at 25 000 the
 * companion, sharing the cores with other work, took over 2 s for one and a fixture at its limits
 * failed with 503. A 50-vehicle fixture's pages (~5 000 rides: 7 and 14 days) are under it.
 */
export const RIDE_PAGE_SIZE = 10_000;
/**
 * Worlds read side by side after a service-wide advance: the platform answers one while the API
 * converts another and the writer stores a third (a thousand small worlds: ~3 s one by one).
 */
const WORLDS_READ_AT_ONCE = 4;
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

/** A world's last read by the background ingestion, as world snapshots save and put it back. */
export interface WorldReads {
  of(tenantId: string): Seen | undefined;
  put(tenantId: string, seen: Seen | undefined): void;
}

/**
 * Brings the API's rides and daily earnings up to date with the platforms, through their clients.
 * Idempotent: a ride's id is a hash of the seed, the platform and the platform's ride id, and a
 * daily row's of the tenant, platform, driver and day, so reading a window again updates in place.
 */
export function createRideIngestion(deps: IngestDeps, options: { hasWorldFault?: BatchReadDeps['hasWorldFault'] } = {}) {
  const rides = createRideStore(deps.db);
  const writer = createIngestWriter(deps.db);
  const syncState = createRideSyncStore(deps.db);
  const throttle = createSyncThrottle(deps.clocks, deps.realNowMs);
  const feed = (platform: Platform): RideFeed => (platform === 'platform_a' ? deps.platformA : deps.platformB);
  /** A ride's key from its platform id and start (ride-key.ts): the binary page's records get theirs so. */
  const keyOn = (platform: Platform) => (id: string, startedAtMs: number) => rideKey(deps.seed, platform, id, startedAtMs);
  /** The same key for a ride of a JSON page. */
  const keyOfRide = (platform: Platform) => {
    const key = keyOn(platform);
    return (r: FeedRide) => key(r.platformRideId, r.startedAtMs);
  };

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
    const read = (cursor: string | null) => feed(platform).listPackedRides(window, cursor, RIDE_PAGE_SIZE);
    const feedId = rides.feed(tenantId, platform);
    const bytesOf = createUuidBytesMemo();
    const keyOf = keyOn(platform);
    const keyOfJson = keyOfRide(platform);
    let count = 0;
    let written: Promise<number> = Promise.resolve(0);
    const first = read(null);
    onAsked?.();
    for (let next: Promise<FeedPage | WirePage> | null = first; next !== null; ) {
      const page: FeedPage | WirePage = await next;
      next = page.nextCursor === null ? null : read(page.nextCursor);
      // If writing fails, the request already under way must not end as an unhandled rejection.
      next?.catch(() => undefined);
      const packed = 'wire' in page ? packWirePage(feedId, page, keyOf, platform) : packRides(feedId, page.rides, keyOfJson, bytesOf);
      await written;
      written = writer.rides(packed, next !== null);
      written.catch(() => undefined); // awaited at the next page or below: a failure is not lost
      count += packed.count;
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
      for (const days = eachDay(window.from, window.to); days.length; days.splice(0, DAILY_READ_MAX_DAYS)) {
        const chunk = { ...window, from: days[0], to: days[Math.min(DAILY_READ_MAX_DAYS, days.length) - 1] };
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
   * A due read's window: its days since its last read, minus the platform's unsettled days, up to its
   * today. Null when the world has nothing to read there any more: planned in the world's turn, a
   * deletion of it may have had its turn since the run listed it (its rows would then be written for a
   * world that is gone, and fail), or a restore put back a copy with no vehicle on that platform.
   */
  function planRead({ platform, target }: DueRead): PlannedRead | null {
    if (syncState.targetOf(target.tenant_id, platform) === undefined) return null;
    const nowMs = deps.clocks.forTenant(target.tenant_id).nowMs();
    // Read again, in the world's turn: a restore since the run listed its targets may have put back an
    // earlier last read, whose days from then on must be read again.
    const syncedAtMs = syncState.syncedAtOf(target.tenant_id, platform);
    const from = addDays(mexicoCityDate(syncedAtMs ?? Date.parse(target.created_at)), -UNSETTLED_DAYS[platform]);
    const to = mexicoCityDate(nowMs);
    return from > to ? { window: null, days: 0, nowMs } : { window: { fleetId: target.tenant_id, from, to }, days: daysBetween(from, to) + 1, nowMs };
  }

  /** A batch read's part for one world, written as its own read's would be. */
  async function storeReport({ platform, target }: DueRead, report: FleetReport): Promise<void> {
    const now = deps.clocks.forTenant(target.tenant_id).now().toISOString();
    const daily = writer.daily(report.daily.map((d) => dailyRow(target.tenant_id, platform, d, now)));
    daily.catch(() => undefined); // awaited below, after the rides
    const found = report.page.rides;
    if (found.length > 0) await writer.rides(packRides(rides.feed(target.tenant_id, platform), found, keyOfRide(platform), createUuidBytesMemo()), false);
    await daily;
  }

  /**
   * What one run's reads did, per world: what failed (null: none). A world counts once a run (its
   * delay before the next try: throttle.ts), whatever its two platforms did: per read, a platform
   * read whole cleared what the other's failure had set, and the delay never grew. One per run: a
   * world's run (its advance) goes beside the background's run of other worlds (sync/runner.ts).
   */
  function createOutcomes() {
    const outcomes = new Map<string, string[] | null>();
    // Per world, where the outcomes told stood at its first read's end, in its turn: told at the end of
    // the run, its outcome does not replace one another run told after that read (retry-delays.ts).
    const since = new Map<string, number>();
    const noteRead = (tenantId: string) => void (since.has(tenantId) || since.set(tenantId, throttle.begin()));
    return {
      failed({ platform, target }: DueRead, err: unknown): void {
        noteRead(target.tenant_id);
        // One platform down must not hold the other back; this window is read again at a later tick.
        outcomes.set(target.tenant_id, [...(outcomes.get(target.tenant_id) ?? []), failureMessage(err)]);
        // The API's own error (a platform down) is the sync's to log, with the world (sync/runner.ts);
        // anything else only here, where its words are (the run's failure says "see the log").
        if (!(err instanceof AppError)) deps.logger.warn('rides ingestion failed', { platform, tenantId: target.tenant_id, error: (err as Error).message });
      },
      done({ platform, target }: DueRead, nowMs: number): void {
        noteRead(target.tenant_id);
        syncState.mark(target.tenant_id, platform, nowMs);
        if (!outcomes.has(target.tenant_id)) outcomes.set(target.tenant_id, null);
      },
      /** Each world of the run counted, read whole or to retry; the worlds whose reads failed, each once per message. */
      count(): WorldFailure[] {
        const failures: WorldFailure[] = [];
        for (const [tenantId, messages] of outcomes) {
          (messages ? throttle.retry : throttle.readWhole)(tenantId, since.get(tenantId));
          for (const message of new Set(messages)) failures.push({ tenant: tenantId, message });
        }
        return failures;
      },
    };
  }
  type Outcomes = ReturnType<typeof createOutcomes>;
  const hasWorldFault = options.hasWorldFault ?? (() => false);

  async function readOne(read: DueRead, outcomes: Outcomes): Promise<void> {
    const planned = planRead(read);
    if (planned === null) return;
    const { window, nowMs } = planned;
    try {
      if (window) await ingestWindow(read.target.tenant_id, read.platform, window.from, window.to);
      outcomes.done(read, nowMs);
    } catch (err) {
      outcomes.failed(read, err);
    }
  }

  /**
   * The background task: each world whose time moved (throttle.ts) is read from its last read on.
   * After a service-wide advance (no `tenantId`) the worlds go in batch calls (batch-read.ts).
   */
  async function syncDue(tenantId?: string, background = false, reading: WorldReading = (_worlds, read) => read()): Promise<WorldFailure[]> {
    let failures: WorldFailure[] = [];
    // Asked first: on most sync ticks no world's time moved, and the targets need not be read at all.
    // A run asked for (not the background's) reads a world whose read failed at once, its delay or not.
    const due = tenantId === undefined ? throttle.dueAmong(syncState.tenantIds(), { waitRetries: background }) : throttle.dueOne(tenantId);
    // Each due world's targets by key, not a join over every tenant's vehicles.
    const reads: DueRead[] = PLATFORMS.flatMap((platform) =>
      [...due].sort().flatMap((id) => syncState.targetOf(id, platform) ?? []).map((target) => ({ platform, target })));
    const outcomes = createOutcomes();
    try {
      // The batch calls name the worlds they read; each read on its own names its world (sync/runner.ts).
      const batch = createBatchRead({ feed, plan: planRead, hasWorldFault, store: storeReport, done: outcomes.done, failed: outcomes.failed });
      // A world busy now (its own long run) is read alone: in the batch, its turn would hold the batch's other worlds.
      const { together, alone } = tenantId === undefined ? batch.split(reads, (world) => reading.busy?.(world) ?? false) : { together: [], alone: reads };
      const rest = together.length === 0 ? alone : [...alone, ...await reading(worldsIn(together, (r) => r.target.tenant_id), () => batch.readAll(together))];
      await eachLimited(rest, WORLDS_READ_AT_ONCE, (read) => reading(read.target.tenant_id, () => readOne(read, outcomes)));
    } finally {
      failures = outcomes.count();
    }
    return failures;
  }

  /**
   * A read of everything the platforms hold of the world (a fixture's rides, up to its today) begins
   * at its `nowMs`; `done` stores it as a background read at that instant would, so the next run does
   * not read those days again (a 50-vehicle world: ~6 000 rides) until the world's time moves or
   * flows on. Its time is taken before the read: a move during it leaves the world due.
   *
   * The world's ride feeds on `platforms` are made now, before the writer thread writes anything of
   * it: made at the first page instead, the insert on the API's connection waited for the thread's
   * transaction under way, the event loop with it (up to 34 ms measured). A feed the read wrote
   * nothing to goes again at `done`, as if never made: a feed never written would make each world
   * restore compare its rides (world-snapshots/row-difference.ts).
   */
  function startWholeRead(tenantId: string, platforms: readonly Platform[]): { nowMs: number; done(): void } {
    const seen = throttle.seenNow(tenantId);
    const nowMs = deps.clocks.forTenant(tenantId).nowMs();
    for (const platform of platforms) rides.feed(tenantId, platform);
    return {
      nowMs,
      done() {
        for (const platform of platforms) {
          syncState.mark(tenantId, platform, nowMs);
          rides.dropUnwritten(tenantId, platform);
        }
        throttle.read(tenantId, seen);
      },
    };
  }

  return {
    ingestWindow,
    syncDue,
    startWholeRead,
    /** Where each world was last read, for world snapshots to save and put back with its rows. */
    reads: { of: throttle.lastReadOf, put: throttle.putLastRead } satisfies WorldReads,
    /** A reset or a whole restore replaced every world: each is read again. */
    forgetReads: throttle.forgetAll,
    warmWriter: writer.warm,
    /** serve's stop: every write from now on is refused, so what ingests ends at its next page. */
    refuseWrites: writer.refuse,
    close: writer.close,
  };
}

export type RideIngestion = ReturnType<typeof createRideIngestion>;
