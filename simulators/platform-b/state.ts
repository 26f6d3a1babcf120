import type { IdGenerator } from '../../server/lib/ids.ts';
import type { SimDb } from '../db.ts';
import { createBindings, type BindingRow } from '../common/bindings.ts';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { refusesBindings, rejectedByPlatformB } from '../common/magic.ts';
import { errors } from './errors.ts';
import { createPlatformBStore, type VehicleRow } from './store.ts';

export interface VehicleInput {
  externalId: string;
  fleetId: string;
  plate: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  color: string;
}

export interface DriverInput {
  externalId: string;
  name: string;
  whatsapp: string;
}

/**
 * platform_b's state machine is instant: a vehicle is `registered` the moment it is accepted and
 * `removed` when taken off; any driver can be assigned to a registered vehicle. No due work yet.
 * Everything happens on the clock of the vehicle's fleet (its world); drivers have no fleet here.
 */
export function createPlatformBState({ db, clocks, ids }: { db: SimDb; clocks: FleetClocks; ids: IdGenerator }) {
  const store = createPlatformBStore(db);
  const bindings = createBindings(db, 'pb', ids);
  const now = clocks.nowFor;

  function requireVehicle(externalId: string): VehicleRow {
    const vehicle = store.vehicle(externalId);
    if (!vehicle) throw errors.vehicleMissing(externalId);
    return vehicle;
  }

  /** Idempotent by external id; a plate or VIN held by another registered record is a conflict. */
  function registerVehicle(input: VehicleInput): { vehicle: VehicleRow; created: boolean } {
    const existing = store.vehicle(input.externalId);
    if (existing?.state === 'registered') return { vehicle: existing, created: false };
    if (rejectedByPlatformB(input.plate)) throw errors.vehicleRejected();
    const clash = store.clashing({ external_id: input.externalId, plate: input.plate, vin: input.vin });
    if (clash) throw clash.plate === input.plate ? errors.plateTaken() : errors.vinTaken();
    const at = now(input.fleetId);
    const vehicle: VehicleRow = {
      id: existing?.id ?? ids.inWorld(input.fleetId), external_id: input.externalId, fleet_id: input.fleetId, plate: input.plate,
      vin: input.vin, make: input.make, model: input.model, year: input.year, color: input.color,
      state: 'registered', registered_at: at, removed_at: null, updated_at: at,
    };
    store.saveVehicle(vehicle);
    return { vehicle, created: true };
  }

  function removeVehicle(externalId: string): VehicleRow {
    const vehicle = requireVehicle(externalId);
    if (vehicle.state === 'removed') return vehicle;
    const at = now(vehicle.fleet_id);
    bindings.endOfVehicle(vehicle.id, at);
    const removed: VehicleRow = { ...vehicle, state: 'removed', removed_at: at, updated_at: at };
    store.saveVehicle(removed);
    return removed;
  }

  /** The driver record is created or refreshed from what the partner sends: platform_b has no invitations. */
  function assignDriver(vehicleExternalId: string, input: DriverInput): { binding: BindingRow; created: boolean } {
    const vehicle = store.vehicle(vehicleExternalId);
    if (!vehicle || vehicle.state !== 'registered') throw errors.vehicleNotRegistered();
    if (refusesBindings(vehicle.plate)) throw errors.assignmentForbidden();
    const at = now(vehicle.fleet_id);
    const driver = { id: store.driver(input.externalId)?.id ?? ids.inWorld(vehicle.fleet_id), external_id: input.externalId,
      name: input.name, whatsapp: input.whatsapp, updated_at: at };
    store.saveDriver(driver);
    return bindings.bind(vehicle.fleet_id, vehicle.id, driver.id, at);
  }

  function unassignDriver(vehicleExternalId: string, driverExternalId: string): BindingRow {
    const vehicle = store.vehicle(vehicleExternalId);
    const driver = store.driver(driverExternalId);
    const ended = vehicle && driver ? bindings.unbind(vehicle.id, driver.id, now(vehicle.fleet_id)) : null;
    if (!ended) throw errors.assignmentMissing();
    return ended;
  }

  // Each action writes several rows (a driver and its assignment, a vehicle and its binding): all or none.
  const tx = db.transaction.bind(db);
  return {
    store, bindings, requireVehicle, registerVehicle: tx(registerVehicle), removeVehicle: tx(removeVehicle),
    assignDriver: tx(assignDriver), unassignDriver: tx(unassignDriver),
  };
}

export type PlatformBState = ReturnType<typeof createPlatformBState>;
