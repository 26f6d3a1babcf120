import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { cursorNotFound } from '../db/keyset.ts';
import { cachedPrepare } from '../db/statements.ts';
import type { RideStatus } from '../platforms/ride-feed.ts';
import { uuidBytes } from '../lib/ids.ts';
import { instantKey } from './ride-key.ts';
import { forEachPacked, type PackedRides } from '../ingestion/packed-rides.ts';

/** A stored ride (migration 006): ids as 16 bytes, money in centavos, distance in hundredths of a km. */
export interface RideRow {
  id: Buffer;
  vehicle_id: Buffer | null;
  driver_id: Buffer | null;
  status: RideStatus;
  started_at_ms: number;
  completed_at_ms: number | null;
  distance_hkm: number | null;
  gross_cents: number | null;
  tip_cents: number | null;
  net_cents: number | null;
}

export interface RideFilters {
  /** Start of the `from` day and of the day after `to` (exclusive), Mexico City time. */
  fromMs?: number;
  untilMs?: number;
  driverId?: string;
  vehicleId?: string;
  status?: RideStatus;
}

const COLUMNS = ['feed', 'id', 'vehicle_id', 'driver_id', 'status', 'started_at_ms', 'completed_at_ms', 'distance_hkm',
  'gross_cents', 'tip_cents', 'net_cents'] as const;

const MUTABLE = ['vehicle_id', 'driver_id', 'status', 'completed_at_ms', 'distance_hkm', 'gross_cents', 'tip_cents', 'net_cents'] as const;
const FEED = '(SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = ?)';

/**
 * Named, because without statistics SQLite prefers walking the primary key (already in list order)
 * and filtering: fine for common rows, a walk over the whole year for a vehicle with no rides.
 */
function indexFor(f: RideFilters): string {
  if (f.driverId !== undefined) return 'INDEXED BY rides_driver';
  if (f.vehicleId !== undefined) return 'INDEXED BY rides_vehicle';
  if (f.status !== undefined && f.status !== 'completed') return 'INDEXED BY rides_uncommon';
  return '';
}

export function createRideStore(db: Db) {
  // Upsert by (feed, id); a row is rewritten only when something changed, so re-reading a settled
  // window costs a lookup per ride and no index writes.
  const upsert = db.prepare(`INSERT INTO rides (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (feed, id) DO UPDATE SET ${MUTABLE.map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE ${MUTABLE.map((c) => `rides.${c} IS NOT excluded.${c}`).join(' OR ')}`);
  const addFeed = db.prepare('INSERT INTO ride_feeds (tenant_id, platform) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const feedOf = db.prepare('SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = ?').pluck();
  const nextWrite = db.prepare(`INSERT INTO counters (name, value) VALUES ('ride_feeds:written', 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`).pluck();
  const setWritten = db.prepare('UPDATE ride_feeds SET written = ? WHERE id = ?');
  const takeNextWrite = (feed: number) => void setWritten.run(nextWrite.get(), feed);
  const feedFor = (tenantId: string, platform: Platform): number => {
    const known = feedOf.get(tenantId, platform) as number | undefined;
    if (known !== undefined) return known;
    addFeed.run(tenantId, platform);
    return feedOf.get(tenantId, platform) as number;
  };
  const unwritten = db.prepare('SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = ? AND written = 0').pluck();
  const dropFeed = db.prepare('DELETE FROM ride_feeds WHERE id = ? AND written = 0');
  const cursorExists = db.prepare(`SELECT 1 FROM rides WHERE feed = ${FEED} AND id = ?`).pluck();

  return {
    /**
     * The feed number of a tenant's rides on a platform, created on first use. Read first: an
     * INSERT, even one that ends up doing nothing, waits for the ingestion writer's lock.
     */
    feed: feedFor,

    /**
     * The feed goes if nothing was ever written to it (migration 010's `written` still 0): made ahead
     * of a read that brought nothing. Looked for first: a DELETE, even of nothing, waits for the
     * ingestion writer's lock.
     */
    dropUnwritten(tenantId: string, platform: Platform): void {
      const feed = unwritten.get(tenantId, platform) as number | undefined;
      if (feed !== undefined) dropFeed.run(feed);
    },

    /** Daily rows of the tenant and platform were written: their feed takes the next number too (migration 010). */
    markWritten: (tenantId: string, platform: Platform): void => takeNextWrite(feedFor(tenantId, platform)),

    /**
     * A packed page (packed-rides.ts) in one transaction; returns how many rides were new or changed.
     * A page that changed any gives its feed the next number of the service's ride writes (migration 010).
     */
    upsertPacked: db.transaction((page: PackedRides): number => {
      let changed = 0;
      forEachPacked(page, (...values) => void (changed += upsert.run(values).changes));
      if (changed > 0) takeNextWrite(page.feed);
      return changed;
    }),

    /** Newest first: the key order is (startedAt, id), see ride-key.ts. */
    list(tenantId: string, platform: Platform, f: RideFilters, limit: number, startingAfter?: string) {
      const where = [`feed = ${FEED}`];
      const params: unknown[] = [tenantId, platform];
      const add = (sql: string, value: unknown) => void (where.push(sql), params.push(value));
      if (f.driverId !== undefined) add('driver_id = ?', uuidBytes(f.driverId));
      if (f.vehicleId !== undefined) add('vehicle_id = ?', uuidBytes(f.vehicleId));
      if (f.status !== undefined) add('status = ?', f.status);
      // Spelled out so SQLite may use the partial index rides_uncommon (its WHERE must appear verbatim).
      if (f.status !== undefined && f.status !== 'completed') where.push("status <> 'completed'");
      if (f.fromMs !== undefined) add('id >= ?', instantKey(f.fromMs));
      if (f.untilMs !== undefined) add('id < ?', instantKey(f.untilMs));
      if (startingAfter !== undefined) {
        const cursor = uuidBytes(startingAfter);
        if (cursorExists.get(tenantId, platform, cursor) === undefined) throw cursorNotFound();
        add('id < ?', cursor);
      }
      const sql = `SELECT ${COLUMNS.slice(1).join(', ')} FROM rides ${indexFor(f)} WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`;
      const rows = cachedPrepare(db, sql).all(...params, limit + 1) as RideRow[];
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
  };
}

export type RideStore = ReturnType<typeof createRideStore>;
