import type { SimDb } from '../db.ts';
import type { SimPlatform } from './tariffs.ts';

/** A vehicle that can take rides on the platform now, with whoever drives it, and since when. */
export interface RosterEntry {
  vehicle: string;
  fleet: string;
  driver: string | null;
  sinceMs: number;
}

/**
 * platform_a: an approved vehicle with a bound driver whose review is approved (a suspended driver
 * does not drive); active since the later of the binding and the approval.
 */
const PLATFORM_A = `SELECT v.external_id AS vehicle, v.fleet_id AS fleet, d.external_id AS driver,
    MAX(b.bound_at, COALESCE(v.approved_at, 0)) AS sinceMs
  FROM pa_bindings b JOIN pa_vehicles v ON v.id = b.vehicle_id JOIN pa_drivers d ON d.id = b.driver_id
  WHERE b.unbound_at IS NULL AND v.status = 'approved' AND d.status = 'bound' AND d.review_status = 'approved'`;

/** platform_b: any registered vehicle, with its assigned driver if it has one. */
const PLATFORM_B = `SELECT v.external_id AS vehicle, v.fleet_id AS fleet, d.external_id AS driver,
    MAX(v.registered_at, COALESCE(b.bound_at, 0)) AS sinceMs
  FROM pb_vehicles v
  LEFT JOIN pb_bindings b ON b.vehicle_id = v.id AND b.unbound_at IS NULL
  LEFT JOIN pb_drivers d ON d.id = b.driver_id
  WHERE v.state = 'registered'`;

/** Who drives what on each platform, read from the platform's own vehicles, drivers and bindings. */
export function createRoster(db: SimDb, platform: SimPlatform) {
  const base = platform === 'platform_a' ? PLATFORM_A : PLATFORM_B;
  const ofFleet = db.prepare(`${base} AND v.fleet_id = ? ORDER BY v.external_id`);
  const anyOf = db.prepare(`SELECT 1 FROM (${base} AND v.fleet_id = ?) LIMIT 1`).pluck();
  return {
    /** No vehicle of the fleet drives on the platform: no day of it will open with time alone. */
    isEmpty: (fleetId: string) => anyOf.get(fleetId) === undefined,
    ofFleet: (fleetId: string) => ofFleet.all(fleetId) as RosterEntry[],
  };
}

export type Roster = ReturnType<typeof createRoster>;
