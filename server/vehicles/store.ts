import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { tenantPage } from '../db/keyset.ts';
import { activePartners } from '../assignments/store.ts';

export type VehicleStatus = 'activo' | 'mantenimiento' | 'inactivo' | 'pending_platform_a';

export interface VehicleRow {
  id: string;
  tenant_id: string;
  plate: string;
  plate_key: string;
  brand: string;
  model: string;
  year: number;
  color_id: number;
  city: string | null;
  vin: string | null;
  status: VehicleStatus;
  status_before_pending: VehicleStatus | null;
  platforms: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** The service-wide identity of a plate: case, spaces and hyphens do not make another plate. */
export const plateKey = (plate: string) => plate.toUpperCase().replace(/[\s-]/g, '');

/** The stored list (JSON) → the list. */
export const parsePlatforms = (json: string): Platform[] => JSON.parse(json) as Platform[];

export interface VehicleFilters {
  plate?: string;
  status?: VehicleStatus;
}

export function createVehicleStore(db: Db) {
  const insert = db.prepare(`INSERT INTO vehicles (id, tenant_id, plate, plate_key, brand, model, year, color_id, city, vin,
    status, status_before_pending, platforms, notes, created_at, updated_at)
    VALUES (@id, @tenant_id, @plate, @plate_key, @brand, @model, @year, @color_id, @city, @vin,
    @status, @status_before_pending, @platforms, @notes, @created_at, @updated_at)`);
  const get = db.prepare('SELECT * FROM vehicles WHERE id = ? AND tenant_id = ?');
  const getAnyTenant = db.prepare('SELECT * FROM vehicles WHERE id = ?');
  const plateOfKey = db.prepare('SELECT plate FROM vehicles WHERE plate_key = ?').pluck();
  const update = db.prepare(`UPDATE vehicles SET city = @city, color_id = @color_id, vin = @vin, status = @status,
    status_before_pending = @status_before_pending, platforms = @platforms, notes = @notes, updated_at = @updated_at
    WHERE id = @id`);

  return {
    insert: (row: VehicleRow) => void insert.run(row),
    /** The stored spelling of a plate (service-wide), so a clash names what is there, not the input. */
    storedPlate: (key: string) => plateOfKey.get(key) as string | undefined,
    get: (tenantId: string, id: string) => get.get(id, tenantId) as VehicleRow | undefined,
    /** For background work that already knows the tenant from its own records. */
    getById: (id: string) => getAnyTenant.get(id) as VehicleRow | undefined,
    update: (row: VehicleRow) => void update.run(row),
    list: (tenantId: string, filters: VehicleFilters, limit: number, startingAfter?: string) =>
      tenantPage<VehicleRow>(db, 'vehicles', tenantId, {
        plate_key: filters.plate === undefined ? undefined : plateKey(filters.plate),
        status: filters.status,
      }, limit, startingAfter),
    activeDriverIds: (vehicleIds: string[]) => activePartners(db, 'vehicle', vehicleIds),
  };
}

export type VehicleStore = ReturnType<typeof createVehicleStore>;
