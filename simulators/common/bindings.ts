import type { IdGenerator } from '../../server/lib/ids.ts';
import type { SimDb } from '../db.ts';
import { iso } from './seeded.ts';

export interface BindingRow {
  id: string;
  vehicle_id: string;
  driver_id: string;
  bound_at: number;
  unbound_at: number | null;
}

/**
 * Both platforms keep driver-vehicle bindings the same way (tables `<prefix>_bindings`): one driver
 * per vehicle and one vehicle per driver at a time, like the API's assignments, so a new binding
 * ends whatever stands in its way instead of failing.
 */
export function createBindings(db: SimDb, prefix: 'pa' | 'pb', ids: IdGenerator) {
  const table = `${prefix}_bindings`;
  const ofVehicle = db.prepare(`SELECT * FROM ${table} WHERE vehicle_id = ? AND unbound_at IS NULL`);
  const ofDriver = db.prepare(`SELECT * FROM ${table} WHERE driver_id = ? AND unbound_at IS NULL`);
  const insert = db.prepare(`INSERT INTO ${table} (id, vehicle_id, driver_id, bound_at, unbound_at)
    VALUES (@id, @vehicle_id, @driver_id, @bound_at, NULL)`);
  const end = db.prepare(`UPDATE ${table} SET unbound_at = ? WHERE id = ?`);
  // Ties by the vehicle's external id (the API's, one active binding each), not by the binding's own
  // id: that is drawn in the order calls arrive, which calls made side by side (a fixture) change.
  const active = db.prepare(`SELECT v.external_id AS vehicle, d.external_id AS driver, b.bound_at
    FROM ${table} b JOIN ${prefix}_vehicles v ON v.id = b.vehicle_id JOIN ${prefix}_drivers d ON d.id = b.driver_id
    WHERE b.unbound_at IS NULL ORDER BY b.bound_at, v.external_id`);
  const activeOf = db.prepare(`SELECT v.external_id AS vehicle, d.external_id AS driver, b.bound_at
    FROM ${prefix}_vehicles v JOIN ${table} b ON b.vehicle_id = v.id JOIN ${prefix}_drivers d ON d.id = b.driver_id
    WHERE v.fleet_id = ? AND b.unbound_at IS NULL ORDER BY b.bound_at, v.external_id`);

  const endRow = (row: BindingRow | undefined, atMs: number) => row && end.run(atMs, row.id);

  return {
    endOfVehicle: (vehicleId: string, atMs: number) => void endRow(ofVehicle.get(vehicleId) as BindingRow | undefined, atMs),
    endOfDriver: (driverId: string, atMs: number) => void endRow(ofDriver.get(driverId) as BindingRow | undefined, atMs),

    /** `fleetId`: the vehicle's, whose own ids the binding's comes from. */
    bind(fleetId: string, vehicleId: string, driverId: string, atMs: number): { binding: BindingRow; created: boolean } {
      const current = ofVehicle.get(vehicleId) as BindingRow | undefined;
      if (current?.driver_id === driverId) return { binding: current, created: false };
      endRow(current, atMs);
      endRow(ofDriver.get(driverId) as BindingRow | undefined, atMs);
      const binding = { id: ids.inWorld(fleetId), vehicle_id: vehicleId, driver_id: driverId, bound_at: atMs, unbound_at: null };
      insert.run(binding);
      return { binding, created: true };
    },

    /** The ended binding, or null when this driver was not the one bound to this vehicle. */
    unbind(vehicleId: string, driverId: string, atMs: number): BindingRow | null {
      const current = ofVehicle.get(vehicleId) as BindingRow | undefined;
      if (!current || current.driver_id !== driverId) return null;
      end.run(atMs, current.id);
      return { ...current, unbound_at: atMs };
    },

    /** The platform's view of who drives what (in every fleet, or in one), for the control surface. */
    listActive: (fleetId?: string) =>
      ((fleetId === undefined ? active.all() : activeOf.all(fleetId)) as { vehicle: string; driver: string; bound_at: number }[]).map((b) => ({
        vehicleExternalId: b.vehicle,
        driverExternalId: b.driver,
        boundAt: iso(b.bound_at),
      })),
  };
}

export type Bindings = ReturnType<typeof createBindings>;
