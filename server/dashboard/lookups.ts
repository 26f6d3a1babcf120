import type { Dashboard } from './context.ts';

/**
 * Plates and names for the ids a table shows, read through the services once per id and page.
 * An id the world no longer holds is shown as the id itself.
 */
export function lookups(ctx: Dashboard, tenantId: string) {
  const plates = new Map<string, string>();
  const names = new Map<string, string>();
  const read = (cache: Map<string, string>, id: string, load: () => string): string => {
    if (!cache.has(id)) {
      try {
        cache.set(id, load());
      } catch {
        cache.set(id, id);
      }
    }
    return cache.get(id)!;
  };
  return {
    plate: (vehicleId: string) => read(plates, vehicleId, () => ctx.services.vehicles.get(tenantId, vehicleId).plate),
    driverName: (driverId: string) => read(names, driverId, () => ctx.services.drivers.get(tenantId, driverId).name),
  };
}
