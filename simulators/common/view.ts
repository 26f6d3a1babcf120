import type { SimDb } from '../db.ts';
import type { Bindings } from './bindings.ts';

/**
 * Everything one platform holds, in its own words, addressed by the partner's ids (the API passes
 * its ids as external ids): what QA compares with the API's answers (GET /_testbed/platforms/…).
 * platform_b keeps no state for drivers: a driver it has a record of is `active` there.
 */
export function createPlatformView(db: SimDb, prefix: 'pa' | 'pb', bindings: Bindings) {
  const vehicleStatus = prefix === 'pa' ? 'status' : 'state';
  const driverStatus = prefix === 'pa' ? 'status' : `'active'`;
  const vehicles = db.prepare(`SELECT external_id AS externalId, ${vehicleStatus} AS status FROM ${prefix}_vehicles ORDER BY external_id`);
  const drivers = db.prepare(`SELECT external_id AS externalId, ${driverStatus} AS status FROM ${prefix}_drivers ORDER BY external_id`);
  return () => ({
    vehicles: vehicles.all() as { externalId: string; status: string }[],
    drivers: drivers.all() as { externalId: string; status: string }[],
    bindings: bindings.listActive(),
  });
}
