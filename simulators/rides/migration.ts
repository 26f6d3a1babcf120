import type { Migration } from '../../server/db/migrate.ts';

/**
 * Each platform's record of the vehicle-days it has served (`pa_ride_days`, `pb_ride_days`): one row
 * per stretch of a day with one driver (a new driver, or the vehicle coming back, starts another
 * from that instant). The rides of a day are not stored: they are a pure function of the seed, the
 * vehicle, the day and the bounds kept here (day.ts), and regenerating one vehicle-day (~15 µs)
 * costs less than reading its dozen rows back from SQLite; a year of a 500-vehicle fleet is
 * 180 000 rows instead of two million.
 */
const tables = (p: 'pa' | 'pb') => `
CREATE TABLE ${p}_ride_days (
  fleet_id TEXT NOT NULL,
  service_date TEXT NOT NULL,
  vehicle_external_id TEXT NOT NULL,
  -- The driver of this stretch (platform_b: null when nobody was assigned).
  driver_external_id TEXT,
  -- Rides planned before from_ms did not happen (the vehicle was not active yet); after until_ms
  -- neither (it left the platform or changed driver). Null until_ms: the whole plan.
  from_ms INTEGER NOT NULL,
  until_ms INTEGER,
  -- Until then the plan still starts rides or adds online time, so a leaving vehicle must be cut.
  open_until_ms INTEGER NOT NULL,
  -- From then on nothing of the day changes any more (rides ended, platform_b settled), so reads use
  -- the totals below instead of regenerating the day. Money in centavos.
  final_at_ms INTEGER NOT NULL,
  rides INTEGER NOT NULL,
  trips INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  net INTEGER NOT NULL,
  online_minutes INTEGER NOT NULL,
  PRIMARY KEY (fleet_id, service_date, vehicle_external_id, from_ms)
) WITHOUT ROWID;
CREATE INDEX ${p}_ride_days_vehicle ON ${p}_ride_days(vehicle_external_id, service_date, from_ms);
CREATE INDEX ${p}_ride_days_open ON ${p}_ride_days(open_until_ms);
`;

export const RIDES_MIGRATION: Migration = { version: 4, name: 'rides', sql: tables('pa') + tables('pb') };

/**
 * The index on open_until_ms alone served the due run's search for days still open, which has
 * looked by fleet since migration 6 (`<p>_ride_days_fleet_open`): unused since, it was a fourth
 * b-tree in every ride day's insert (~6 of ~24 µs measured, a 50-vehicle fixture writes ~3 100).
 */
export const RIDE_DAYS_OPEN_INDEX_DROPPED: Migration = {
  version: 10,
  name: 'ride-days-open-index-dropped',
  sql: 'DROP INDEX pa_ride_days_open; DROP INDEX pb_ride_days_open;',
};


/**
 * A stretch is open only within its own service day (shifts end before local midnight, and a cut
 * only ends one sooner: day.ts), so the due run finds the fleet's open stretches among its days from
 * today on, a range of the primary key. The index on (fleet_id, open_until_ms) that found them was a
 * third b-tree in every ride day's insert: about half of each insert's time measured, a 50-vehicle
 * fixture writes ~3 100.
 */
export const RIDE_DAYS_FLEET_OPEN_INDEX_DROPPED: Migration = {
  version: 11,
  name: 'ride-days-fleet-open-index-dropped',
  sql: 'DROP INDEX pa_ride_days_fleet_open; DROP INDEX pb_ride_days_fleet_open;',
};
