import type { Db } from '../db/open.ts';
import { tenantPage } from '../db/keyset.ts';
import { activePartners } from '../assignments/store.ts';

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

  return {
    insert: (row: DriverRow) => void insert.run(row),
    get: (tenantId: string, id: string) => get.get(id, tenantId) as DriverRow | undefined,
    /** For background work that already knows the tenant from its own records. */
    getById: (id: string) => getAnyTenant.get(id) as DriverRow | undefined,
    update: (row: DriverRow) => void update.run(row),
    list: (tenantId: string, filters: DriverFilters, limit: number, startingAfter?: string) =>
      tenantPage<DriverRow>(db, 'drivers', tenantId, { whatsapp_key: filters.whatsappKey }, limit, startingAfter),
    activeVehicleIds: (driverIds: string[]) => activePartners(db, 'driver', driverIds),
  };
}

export type DriverStore = ReturnType<typeof createDriverStore>;
