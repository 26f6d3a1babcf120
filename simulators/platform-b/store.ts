import type { SimDb } from '../db.ts';
import { upsertStatement } from '../common/sql.ts';
import type { BindingRow } from '../common/bindings.ts';
import { iso, isoOrNull } from '../common/seeded.ts';

export interface VehicleRow {
  id: string;
  external_id: string;
  fleet_id: string;
  plate: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  color: string;
  state: 'registered' | 'removed';
  registered_at: number;
  removed_at: number | null;
  updated_at: number;
}

export interface DriverRow {
  id: string;
  external_id: string;
  name: string;
  whatsapp: string;
  updated_at: number;
}

const VEHICLE_COLUMNS = ['id', 'external_id', 'fleet_id', 'plate', 'vin', 'make', 'model', 'year', 'color', 'state',
  'registered_at', 'removed_at', 'updated_at'] as const;
const DRIVER_COLUMNS = ['id', 'external_id', 'name', 'whatsapp', 'updated_at'] as const;

export function createPlatformBStore(db: SimDb) {
  const saveVehicle = upsertStatement(db, 'pb_vehicles', VEHICLE_COLUMNS);
  const saveDriver = upsertStatement(db, 'pb_drivers', DRIVER_COLUMNS);
  const vehicleBy = db.prepare('SELECT * FROM pb_vehicles WHERE external_id = ?');
  const driverBy = db.prepare('SELECT * FROM pb_drivers WHERE external_id = ?');
  const clash = db.prepare(`SELECT * FROM pb_vehicles WHERE state = 'registered' AND external_id <> @external_id
    AND (plate = @plate OR vin = @vin) ORDER BY id LIMIT 1`);

  return {
    vehicle: (externalId: string) => vehicleBy.get(externalId) as VehicleRow | undefined,
    saveVehicle: (row: VehicleRow) => void saveVehicle.run(row),
    /** A registered vehicle of another record with the same plate or VIN. */
    clashing: (row: Pick<VehicleRow, 'external_id' | 'plate' | 'vin'>) => clash.get(row) as VehicleRow | undefined,
    driver: (externalId: string) => driverBy.get(externalId) as DriverRow | undefined,
    saveDriver: (row: DriverRow) => void saveDriver.run(row),
  };
}

export type PlatformBStore = ReturnType<typeof createPlatformBStore>;

/** platform_b's wire form: camelCase resources wrapped as `{ data: { type, id, attributes } }`. */
export function vehicleJson(v: VehicleRow) {
  return {
    type: 'vehicle' as const,
    id: v.id,
    attributes: {
      externalId: v.external_id,
      fleetId: v.fleet_id,
      licensePlate: v.plate,
      vin: v.vin,
      make: v.make,
      model: v.model,
      year: v.year,
      color: v.color,
      state: v.state,
      registeredAt: iso(v.registered_at),
      removedAt: isoOrNull(v.removed_at),
    },
  };
}

export function assignmentJson(b: BindingRow, vehicleExternalId: string, driverExternalId: string) {
  return {
    type: 'driver_assignment' as const,
    id: b.id,
    attributes: {
      vehicleExternalId,
      driverExternalId,
      assignedAt: iso(b.bound_at),
      endedAt: isoOrNull(b.unbound_at),
    },
  };
}
