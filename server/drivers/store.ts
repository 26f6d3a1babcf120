import type { Db } from '../db/open.ts';
import { keysetPage, requireCursor, type Cursor } from '../db/keyset.ts';
import { cachedPrepare } from '../db/statements.ts';

export interface DriverRow {
  id: string;
  tenant_id: string;
  name: string;
  /** Canonical E.164 (catalog/phone.ts); whatsapp_key is the same number without `+`, unique. */
  whatsapp: string;
  whatsapp_key: string;
  email: string | null;
  city: string;
  license: string | null;
  created_at: string;
  updated_at: string;
}

export interface DriverFilters {
  whatsappKey?: string;
}

export function createDriverStore(db: Db) {
  const insert = db.prepare(`INSERT INTO drivers (id, tenant_id, name, whatsapp, whatsapp_key, email, city, license, created_at, updated_at)
    VALUES (@id, @tenant_id, @name, @whatsapp, @whatsapp_key, @email, @city, @license, @created_at, @updated_at)`);
  const get = db.prepare('SELECT * FROM drivers WHERE id = ? AND tenant_id = ?');
  const getAnyTenant = db.prepare('SELECT * FROM drivers WHERE id = ?');
  const update = db.prepare(`UPDATE drivers SET name = @name, whatsapp = @whatsapp, whatsapp_key = @whatsapp_key, email = @email,
    city = @city, license = @license, updated_at = @updated_at WHERE id = @id`);
  const cursorOf = db.prepare('SELECT created_at AS sortValue, id FROM drivers WHERE id = ? AND tenant_id = ?');

  return {
    insert: (row: DriverRow) => void insert.run(row),
    get: (tenantId: string, id: string) => get.get(id, tenantId) as DriverRow | undefined,
    /** For background work that already knows the tenant from its own records. */
    getById: (id: string) => getAnyTenant.get(id) as DriverRow | undefined,
    update: (row: DriverRow) => void update.run(row),
    list(tenantId: string, filters: DriverFilters, limit: number, startingAfter?: string) {
      const cursor: Cursor | null = startingAfter ? requireCursor(cursorOf.get(startingAfter, tenantId) as Cursor | undefined) : null;
      const where = ['tenant_id = ?'];
      const params: unknown[] = [tenantId];
      if (filters.whatsappKey !== undefined) (where.push('whatsapp_key = ?'), params.push(filters.whatsappKey));
      return keysetPage<DriverRow>(db, { select: '*', from: 'drivers', where, params, sortCol: 'created_at', idCol: 'id', limit, cursor });
    },
    activeVehicleIds(driverIds: string[]): Map<string, string> {
      if (driverIds.length === 0) return new Map();
      const sql = `SELECT driver_id, vehicle_id FROM assignments WHERE status = 'active' AND driver_id IN (${driverIds.map(() => '?').join(',')})`;
      const rows = cachedPrepare(db, sql).all(...driverIds) as { driver_id: string; vehicle_id: string }[];
      return new Map(rows.map((r) => [r.driver_id, r.vehicle_id]));
    },
  };
}

export type DriverStore = ReturnType<typeof createDriverStore>;
