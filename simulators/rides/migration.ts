import type { Migration } from '../../server/db/migrate.ts';

/**
 * Each platform's rides and the vehicle-days they come from, in its own tables (`pa_…`, `pb_…`).
 * A day's whole plan is written when the day opens; reads show what has started by the simulated
 * now (see generator.ts). Money in integer centavos, instants in epoch milliseconds.
 */
const tables = (p: 'pa' | 'pb') => `
CREATE TABLE ${p}_ride_days (
  vehicle_external_id TEXT NOT NULL,
  service_date TEXT NOT NULL,
  fleet_id TEXT NOT NULL,
  -- The driver bound when the day opened (platform_b: null when nobody is).
  driver_external_id TEXT,
  -- The driver's online time; null on a day off.
  shift_start_ms INTEGER,
  shift_end_ms INTEGER,
  -- Until then the plan still starts rides or adds online time; a vehicle that leaves the platform
  -- (or changes driver) before it has the rest of its day cut.
  open_until_ms INTEGER NOT NULL,
  PRIMARY KEY (vehicle_external_id, service_date)
) WITHOUT ROWID;
CREATE INDEX ${p}_ride_days_fleet ON ${p}_ride_days(fleet_id, service_date);
CREATE INDEX ${p}_ride_days_open ON ${p}_ride_days(open_until_ms);

-- Clustered by what every read asks for (a fleet's days in order), so listing is one range scan.
CREATE TABLE ${p}_rides (
  fleet_id TEXT NOT NULL,
  service_date TEXT NOT NULL,
  id TEXT NOT NULL,
  vehicle_external_id TEXT NOT NULL,
  driver_external_id TEXT,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('completed', 'cancelled_rider', 'cancelled_driver', 'cancelled_support', 'other')),
  distance_m INTEGER,
  gross INTEGER,
  tip INTEGER,
  net INTEGER,
  -- Settling (platform_b only; always null on platform_a, whose amounts are final at once).
  late_tip INTEGER,
  late_tip_at INTEGER,
  adjust INTEGER,
  adjust_net INTEGER,
  adjust_at INTEGER,
  PRIMARY KEY (fleet_id, service_date, id)
) WITHOUT ROWID;
`;

export const RIDES_MIGRATION: Migration = { version: 4, name: 'rides', sql: tables('pa') + tables('pb') };
