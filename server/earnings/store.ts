import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { requireCursor } from '../db/keyset.ts';
import { cachedPrepare } from '../db/statements.ts';

export interface DailyEarningsRow {
  id: string;
  tenant_id: string;
  platform: Platform;
  date: string;
  driver_id: string | null;
  trips: number;
  gross_cents: number;
  net_cents: number;
  online_chours: number;
  updated_at: string;
}

export interface EarningsFilters {
  from?: string;
  to?: string;
  driverId?: string;
}

export interface EarningsTotals {
  trips: number;
  gross_cents: number;
  net_cents: number;
  online_chours: number;
  days: number;
}

const COLUMNS = ['id', 'tenant_id', 'platform', 'date', 'driver_id', 'trips', 'gross_cents', 'net_cents', 'online_chours', 'updated_at'] as const;
const MUTABLE = ['trips', 'gross_cents', 'net_cents', 'online_chours'] as const;

function whereOf(tenantId: string, platform: Platform, f: EarningsFilters) {
  const where = ['tenant_id = ?', 'platform = ?'];
  const params: unknown[] = [tenantId, platform];
  if (f.driverId !== undefined) (where.push('driver_id = ?'), params.push(f.driverId));
  if (f.from !== undefined) (where.push('date >= ?'), params.push(f.from));
  if (f.to !== undefined) (where.push('date <= ?'), params.push(f.to));
  return { where, params };
}

export function createEarningsStore(db: Db) {
  const upsert = db.prepare(`INSERT INTO daily_earnings (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${[...MUTABLE, 'updated_at'].map((c) => `${c} = excluded.${c}`).join(', ')}
    WHERE daily_earnings.tenant_id = excluded.tenant_id AND (${MUTABLE.map((c) => `daily_earnings.${c} IS NOT excluded.${c}`).join(' OR ')})`);
  const cursorOf = db.prepare('SELECT date, id FROM daily_earnings WHERE id = ? AND tenant_id = ? AND platform = ?');

  return {
    upsertMany: db.transaction((rows: DailyEarningsRow[]): number => {
      let changed = 0;
      for (const row of rows) changed += upsert.run(COLUMNS.map((c) => row[c])).changes;
      return changed;
    }),

    /** Newest day first, ties by id (contract §3). */
    list(tenantId: string, platform: Platform, f: EarningsFilters, limit: number, startingAfter?: string) {
      const { where, params } = whereOf(tenantId, platform, f);
      if (startingAfter !== undefined) {
        const row = cursorOf.get(startingAfter, tenantId, platform) as { date: string; id: string } | undefined;
        const cursor = requireCursor(row && { sortValue: row.date, id: row.id });
        where.push('(date, id) < (?, ?)');
        params.push(cursor.sortValue, cursor.id);
      }
      const sql = `SELECT * FROM daily_earnings WHERE ${where.join(' AND ')} ORDER BY date DESC, id DESC LIMIT ?`;
      const rows = cachedPrepare(db, sql).all(...params, limit + 1) as DailyEarningsRow[];
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /** Integer sums of exactly the rows `list` would return with the same filters. */
    totals(tenantId: string, platform: Platform, f: EarningsFilters): EarningsTotals {
      const { where, params } = whereOf(tenantId, platform, f);
      const sql = `SELECT COALESCE(SUM(trips), 0) AS trips, COALESCE(SUM(gross_cents), 0) AS gross_cents,
        COALESCE(SUM(net_cents), 0) AS net_cents, COALESCE(SUM(online_chours), 0) AS online_chours, COUNT(DISTINCT date) AS days
        FROM daily_earnings WHERE ${where.join(' AND ')}`;
      return cachedPrepare(db, sql).all(...params)[0] as EarningsTotals;
    },
  };
}

export type EarningsStore = ReturnType<typeof createEarningsStore>;
