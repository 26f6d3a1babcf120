import type { Db } from '../db/open.ts';
import { keysetPage, requireCursor, type Cursor } from '../db/keyset.ts';
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

export function createAssignmentStore(db: Db) {
  const insert = db.prepare(`INSERT INTO assignments (id, tenant_id, vehicle_id, driver_id, status, platform_sync, started_at, ended_at, created_at)
    VALUES (@id, @tenant_id, @vehicle_id, @driver_id, @status, @platform_sync, @started_at, @ended_at, @created_at)`);
  const get = db.prepare('SELECT * FROM assignments WHERE id = ? AND tenant_id = ?');
  const activeOf = db.prepare(`SELECT * FROM assignments WHERE status = 'active' AND (vehicle_id = ? OR driver_id = ?) ORDER BY id`);
  const end = db.prepare(`UPDATE assignments SET status = 'ended', ended_at = ?, platform_sync = ? WHERE id = ? AND status = 'active'`);
  const cursorOf = db.prepare('SELECT created_at AS sortValue, id FROM assignments WHERE id = ? AND tenant_id = ?');

  return {
    /** Throws SQLITE_CONSTRAINT_UNIQUE when the vehicle or the driver already has an active row. */
    insert: (row: AssignmentRow) => void insert.run(row),
    get: (tenantId: string, id: string) => get.get(id, tenantId) as AssignmentRow | undefined,
    /** Active assignments of the vehicle or of the driver: at most one each, by the partial indexes. */
    activeOf: (vehicleId: string, driverId: string) => activeOf.all(vehicleId, driverId) as AssignmentRow[],
    end: (id: string, at: string, platformSync: PlatformSync) => void end.run(at, platformSync, id),
    list(tenantId: string, filters: AssignmentFilters, limit: number, startingAfter?: string) {
      const cursor: Cursor | null = startingAfter ? requireCursor(cursorOf.get(startingAfter, tenantId) as Cursor | undefined) : null;
      const where = ['tenant_id = ?'];
      const params: unknown[] = [tenantId];
      if (filters.vehicleId !== undefined) (where.push('vehicle_id = ?'), params.push(filters.vehicleId));
      if (filters.driverId !== undefined) (where.push('driver_id = ?'), params.push(filters.driverId));
      if (filters.status !== undefined) (where.push('status = ?'), params.push(filters.status));
      return keysetPage<AssignmentRow>(db, { select: '*', from: 'assignments', where, params, sortCol: 'created_at', idCol: 'id', limit, cursor });
    },
  };
}

export type AssignmentStore = ReturnType<typeof createAssignmentStore>;
