import type { IdGenerator } from '../../server/lib/ids.ts';
import type { SimError } from '../common/sim-error.ts';
import { refusesBindings } from '../common/magic.ts';
import { errors } from './errors.ts';
import type { BindingRow, DriverRow, PlatformAStore, VehicleRow } from './store.ts';

export interface BindingDeps {
  store: PlatformAStore;
  ids: IdGenerator;
  now: () => number;
}

/**
 * Why platform_a will not bind this pair now, or null. "Not ready" (409) is what time or the review
 * can still fix; "refused" (403) is final for this pair, so the API can tell awaiting from failed.
 */
function bindingObstacle(vehicle: VehicleRow | undefined, driver: DriverRow | undefined): SimError | null {
  if (!vehicle || vehicle.status === 'removed') return errors.vehicleNotReady('it is not registered');
  if (!driver || driver.status === 'cancelled') return errors.driverNotReady('the driver was not invited');
  if (vehicle.fleet_id !== driver.fleet_id) return errors.bindingRefused('the driver belongs to another fleet');
  if (refusesBindings(vehicle.plate)) return errors.bindingRefused('this vehicle cannot take drivers');
  if (driver.status === 'rejected') return errors.bindingRefused('the driver declined the invitation');
  if (driver.review_status === 'suspended') return errors.bindingRefused('the driver is suspended');
  if (vehicle.status !== 'approved') return errors.vehicleNotReady(`its review is ${vehicle.status}`);
  if (driver.status !== 'bound') return errors.driverNotReady('the invitation was not accepted');
  if (driver.review_status !== 'approved') return errors.driverNotReady('the driver review is not approved');
  return null;
}

/** One driver per vehicle and one vehicle per driver: a new binding ends the ones in its way. */
export function createBindingTransitions({ store, ids, now }: BindingDeps) {
  function bindDriver(vehicleExternalId: string, driverExternalId: string): { binding: BindingRow; created: boolean } {
    const vehicle = store.vehicle(vehicleExternalId);
    const driver = store.driver(driverExternalId);
    const obstacle = bindingObstacle(vehicle, driver);
    if (obstacle) throw obstacle;
    const current = store.activeBindingOfVehicle(vehicle!.id);
    if (current?.driver_id === driver!.id) return { binding: current, created: false };
    const at = now();
    const driversBinding = store.activeBindingOfDriver(driver!.id);
    for (const old of [current, driversBinding]) if (old) store.endBinding(old.id, at);
    const binding = { id: ids.next(), vehicle_id: vehicle!.id, driver_id: driver!.id, bound_at: at, unbound_at: null };
    store.insertBinding(binding);
    return { binding, created: true };
  }

  function unbindDriver(vehicleExternalId: string, driverExternalId: string): BindingRow {
    const vehicle = store.vehicle(vehicleExternalId);
    const driver = store.driver(driverExternalId);
    const current = vehicle ? store.activeBindingOfVehicle(vehicle.id) : undefined;
    if (!current || current.driver_id !== driver?.id) throw errors.bindingMissing();
    const at = now();
    store.endBinding(current.id, at);
    return { ...current, unbound_at: at };
  }

  return { bindDriver, unbindDriver };
}
