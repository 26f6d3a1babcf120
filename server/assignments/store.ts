import type { Db } from '../db/open.ts';
import { tenantPage } from '../db/keyset.ts';
import { cachedPrepare } from '../db/statements.ts';
import type { PlatformSync } from './platform-sync.ts';

export type AssignmentStatus = 'active' | 'ended';

export interface AssignmentRow {
  id: string;
  tenant_id: string;
  vehicle_id: string;
  driver_id: string;
  status: AssignmentStatus;
  platform_sync: PlatformSync;
  started_at: string;
  ended_at: string | null;
  created_at: string;
}

export interface AssignmentFilters {
  vehicleId?: string;
  driverId?: string;
  status?: AssignmentStatus;
}

/**
 * The active assignments of `ids` as a map from each id to its partner's: vehicle → driver or
 * driver → vehicle, for the vehicle and driver answers. At most one each, by the partial indexes.
 */
export function activePartners(db: Db, of: 'vehicle' | 'driver', ids: string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const [own, partner] = of === 'vehicle' ? ['vehicle_id', 'driver_id'] : ['driver_id', 'vehicle_id'];
  const sql = `SELECT ${own} AS id, ${partner} AS partner FROM assignments WHERE status = 'active' AND ${own} IN (${ids.map(() => '?').join(',')})`;
  const rows = cachedPrepare(db, sql).all(...ids) as { id: string; partner: string }[];
  return new Map(rows.map((r) => [r.id, r.partner]));
}

export function createAssignmentStore(db: Db) {
  const insert = db.prepare(`INSERT INTO assignments (id, tenant_id, vehicle_id, driver_id, status, platform_sync, started_at, ended_at, created_at)
    VALUES (@id, @tenant_id, @vehicle_id, @driver_id, @status, @platform_sync, @started_at, @ended_at, @created_at)`);
  const get = db.prepare('SELECT * FROM assignments WHERE id = ? AND tenant_id = ?');
  const activeOf = db.prepare(`SELECT * FROM assignments WHERE status = 'active' AND (vehicle_id = ? OR driver_id = ?) ORDER BY id`);
  const end = db.prepare(`UPDATE assignments SET status = 'ended', ended_at = ?, platform_sync = ? WHERE id = ? AND status = 'active'`);

  return {
    /** Throws SQLITE_CONSTRAINT_UNIQUE when the vehicle or the driver already has an active row. */
    insert: (row: AssignmentRow) => void insert.run(row),
    get: (tenantId: string, id: string) => get.get(id, tenantId) as AssignmentRow | undefined,
    /** Active assignments of the vehicle or of the driver: at most one each, by the partial indexes. */
    activeOf: (vehicleId: string, driverId: string) => activeOf.all(vehicleId, driverId) as AssignmentRow[],
    end: (id: string, at: string, platformSync: PlatformSync) => void end.run(at, platformSync, id),
    list: (tenantId: string, filters: AssignmentFilters, limit: number, startingAfter?: string) =>
      tenantPage<AssignmentRow>(db, 'assignments', tenantId, {
        vehicle_id: filters.vehicleId,
        driver_id: filters.driverId,
        status: filters.status,
      }, limit, startingAfter),
  };
}

export type AssignmentStore = ReturnType<typeof createAssignmentStore>;
