import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { cachedPrepare, requireCursor } from '../http/pagination.ts';
import type { RideStatus } from './feed.ts';

export interface RideRow {
  id: string;
  tenant_id: string;
  platform: Platform;
  platform_ride_id: string;
  vehicle_id: string | null;
  driver_id: string | null;
  service_date: string;
  status: RideStatus;
  started_at_ms: number;
  completed_at_ms: number | null;
  distance_hkm: number | null;
  gross_cents: number | null;
  tip_cents: number | null;
  net_cents: number | null;
  updated_at: string;
}

export interface RideFilters {
  /** Start of the `from` day and of the day after `to` (exclusive), Mexico City time. */
  fromMs?: number;
  untilMs?: number;
  driverId?: string;
  vehicleId?: string;
  status?: RideStatus;
}

const COLUMNS = ['id', 'tenant_id', 'platform', 'platform_ride_id', 'vehicle_id', 'driver_id', 'service_date', 'status',
  'started_at_ms', 'completed_at_ms', 'distance_hkm', 'gross_cents', 'tip_cents', 'net_cents', 'updated_at'] as const;

/**
 * A ride to write, its values in COLUMNS order. Positional on purpose: ingestion writes millions of
 * rows, and skipping an object and an array per ride is measurable there.
 */
export type RideValues = [
  id: string, tenantId: string, platform: Platform, platformRideId: string, vehicleId: string | null, driverId: string | null,
  serviceDate: string, status: RideStatus, startedAtMs: number, completedAtMs: number | null, distanceHkm: number | null,
  grossCents: number | null, tipCents: number | null, netCents: number | null, updatedAt: string,
];
const MUTABLE = ['vehicle_id', 'driver_id', 'status', 'completed_at_ms', 'distance_hkm', 'gross_cents', 'tip_cents', 'net_cents'] as const;

export function createRideStore(db: Db) {
  // Upsert by id; a row is rewritten only when something changed, so re-reading a settled window costs
  // a lookup per ride and no index writes. Another tenant's row with the same id is never touched.
  const upsert = db.prepare(`INSERT INTO rides (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${[...MUTABLE, 'updated_at'].map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE rides.tenant_id = excluded.tenant_id AND (${MUTABLE.map((c) => `rides.${c} IS NOT excluded.${c}`).join(' OR ')})`);
  const cursorOf = db.prepare('SELECT started_at_ms, id FROM rides WHERE id = ? AND tenant_id = ? AND platform = ?');

  return {
    /** All rows in one transaction; returns how many were new or changed. */
    upsertMany: db.transaction((rows: RideValues[]): number => {
      let changed = 0;
      for (const values of rows) changed += upsert.run(values).changes;
      return changed;
    }),

    list(tenantId: string, platform: Platform, f: RideFilters, limit: number, startingAfter?: string) {
      const where = ['tenant_id = ?', 'platform = ?'];
      const params: unknown[] = [tenantId, platform];
      const add = (sql: string, value: unknown) => void (where.push(sql), params.push(value));
      if (f.driverId !== undefined) add('driver_id = ?', f.driverId);
      if (f.vehicleId !== undefined) add('vehicle_id = ?', f.vehicleId);
      if (f.status !== undefined) add('status = ?', f.status);
      // Spelled out so SQLite may use the partial index rides_uncommon (its WHERE must appear verbatim).
      if (f.status !== undefined && f.status !== 'completed') where.push("status <> 'completed'");
      if (f.fromMs !== undefined) add('started_at_ms >= ?', f.fromMs);
      if (f.untilMs !== undefined) add('started_at_ms < ?', f.untilMs);
      if (startingAfter !== undefined) {
        const row = cursorOf.get(startingAfter, tenantId, platform) as { started_at_ms: number; id: string } | undefined;
        const cursor = requireCursor(row && { sortValue: String(row.started_at_ms), id: row.id });
        // A row value, so SQLite seeks the index to the cursor instead of scanning the pages before it.
        where.push('(started_at_ms, id) < (?, ?)');
        params.push(Number(cursor.sortValue), cursor.id);
      }
      const sql = `SELECT * FROM rides WHERE ${where.join(' AND ')} ORDER BY started_at_ms DESC, id DESC LIMIT ?`;
      const rows = cachedPrepare(db, sql).all(...params, limit + 1) as RideRow[];
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },
  };
}

export type RideStore = ReturnType<typeof createRideStore>;
