import type { BindingRow, Bindings } from '../common/bindings.ts';
import type { SimError } from '../common/sim-error.ts';
import { refusesBindings } from '../common/magic.ts';
import { errors } from './errors.ts';
import type { DriverRow, PlatformAStore, VehicleRow } from './store.ts';

export interface BindingDeps {
  store: PlatformAStore;
  bindings: Bindings;
  /** The fleet's simulated now. */
  now: (fleetId: string) => number;
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

/** Binding needs both sides ready; the one-driver-per-vehicle bookkeeping is shared with platform_b. */
export function createBindingTransitions({ store, bindings, now }: BindingDeps) {
  function bindDriver(vehicleExternalId: string, driverExternalId: string): { binding: BindingRow; created: boolean } {
    const vehicle = store.vehicle(vehicleExternalId);
    const driver = store.driver(driverExternalId);
    const obstacle = bindingObstacle(vehicle, driver);
    if (obstacle) throw obstacle;
    return bindings.bind(vehicle!.fleet_id, vehicle!.id, driver!.id, now(vehicle!.fleet_id));
  }

  function unbindDriver(vehicleExternalId: string, driverExternalId: string): BindingRow {
    const vehicle = store.vehicle(vehicleExternalId);
    const driver = store.driver(driverExternalId);
    const ended = vehicle && driver ? bindings.unbind(vehicle.id, driver.id, now(vehicle.fleet_id)) : null;
    if (!ended) throw errors.bindingMissing();
    return ended;
  }

  return { bindDriver, unbindDriver };
}
