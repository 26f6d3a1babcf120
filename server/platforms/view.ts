import type { Deps } from '../deps.ts';
import { PLATFORMS, worldPathId, type Platform } from '../common/schemas.ts';
import { notFound, worldNotFound } from '../errors.ts';
import { createTenantStore } from '../tenants/store.ts';
import type { PlatformView } from './simulator-control-client.ts';

export interface PlatformViewAnswer {
  vehicles: { vehicleId: string; status: string }[];
  drivers: { driverId: string; status: string }[];
  bindings: { vehicleId: string; driverId: string; boundAt: string }[];
}

function toAnswer(view: PlatformView, keep: (kind: 'vehicle' | 'driver', id: string) => boolean): PlatformViewAnswer {
  return {
    vehicles: view.vehicles.filter((v) => keep('vehicle', v.externalId)).map((v) => ({ vehicleId: v.externalId, status: v.status })),
    drivers: view.drivers.filter((d) => keep('driver', d.externalId)).map((d) => ({ driverId: d.externalId, status: d.status })),
    bindings: view.bindings
      .filter((b) => keep('vehicle', b.vehicleExternalId) || keep('driver', b.driverExternalId))
      .map((b) => ({ vehicleId: b.vehicleExternalId, driverId: b.driverExternalId, boundAt: b.boundAt })),
  };
}

/**
 * What a simulated platform itself holds now (`GET /_testbed/platforms/{platform}?tenant=ID`,
 * contract §4), read from the companion process, not the API's own view. The platforms know records
 * by the API's ids; which of them are a tenant's is the API's knowledge (platform_b keeps no fleet
 * for drivers), so the filter is applied here. A binding is the tenant's when its vehicle or driver is.
 */
export function createPlatformView(deps: Deps) {
  const tenants = createTenantStore(deps.db);
  const vehiclesOf = deps.db.prepare('SELECT id FROM vehicles WHERE tenant_id = ?').pluck();
  const driversOf = deps.db.prepare('SELECT id FROM drivers WHERE tenant_id = ?').pluck();

  return async (platformName: string, tenantQuery: unknown): Promise<PlatformViewAnswer> => {
    const platform = platformName as Platform;
    if (!PLATFORMS.includes(platform)) throw notFound(`La plataforma ${platformName}`);
    // An id that is not a UUID names no tenant (pathId: 404, as an unknown one).
    const tenant = tenantQuery === undefined ? undefined : worldPathId(tenantQuery);
    if (tenant !== undefined && !tenants.getTenant(tenant)) throw worldNotFound(tenant);
    const view = await deps.simulators.platformView(platform);
    if (tenant === undefined) return toAnswer(view, () => true);
    const ours = { vehicle: new Set(vehiclesOf.all(tenant) as string[]), driver: new Set(driversOf.all(tenant) as string[]) };
    return toAnswer(view, (kind, id) => ours[kind].has(id));
  };
}
