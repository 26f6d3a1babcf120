import { openDatabase, type Db } from '../server/db/open.ts';
import type { Migration } from '../server/db/migrate.ts';
import { RIDE_DAYS_FLEET_OPEN_INDEX_DROPPED, RIDE_DAYS_OPEN_INDEX_DROPPED, RIDES_MIGRATION } from './rides/migration.ts';
import { FLEET_DUE_MIGRATION } from './common/fleet-due.ts';
import { FLEET_CHANGES_MIGRATION } from './common/fleet-changes.ts';
import { RIDE_DAY_WRITES_MIGRATION } from './common/ride-day-writes.ts';

export type SimDb = Db;

/**
 * The simulators keep their own SQLite file (platforms.db), apart from the API's: the platforms are
 * other companies' systems, reached over HTTP only. Times are epoch milliseconds (INTEGER) because
 * due work is found by comparing them with the simulated now.
 */
const CORE: Migration = {
  version: 1,
  name: 'sim-core',
  sql: `
-- Persisted counters behind the seeded ids (server/lib/ids.ts), so a restart never reuses an id.
CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
-- The last clock state the API pushed, so a restarted simulator resumes at the same simulated now.
CREATE TABLE clock_state (id INTEGER PRIMARY KEY CHECK (id = 1), frozen_at_ms INTEGER, offset_ms INTEGER NOT NULL);
`,
};

const PLATFORM_A: Migration = {
  version: 2,
  name: 'platform-a',
  sql: `
CREATE TABLE pa_vehicles (
  id TEXT PRIMARY KEY,
  external_id TEXT NOT NULL UNIQUE,
  fleet_id TEXT NOT NULL,
  plate TEXT NOT NULL,
  vin TEXT,
  brand TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  color TEXT NOT NULL,
  city TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'removed')),
  card_status TEXT NOT NULL CHECK (card_status IN ('not_submitted', 'submitted')),
  card_review TEXT CHECK (card_review IN ('pending', 'approved', 'rejected')),
  -- Set while a review runs; runDue ends it when the simulated now reaches it.
  review_ends_at INTEGER,
  registered_at INTEGER NOT NULL,
  approved_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX pa_vehicles_review_due ON pa_vehicles(review_ends_at) WHERE review_ends_at IS NOT NULL;

CREATE TABLE pa_documents (
  id TEXT PRIMARY KEY,
  vehicle_id TEXT NOT NULL REFERENCES pa_vehicles(id),
  content_type TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  uploaded_at INTEGER NOT NULL
);

CREATE TABLE pa_drivers (
  id TEXT PRIMARY KEY,
  external_id TEXT NOT NULL UNIQUE,
  fleet_id TEXT NOT NULL,
  name TEXT NOT NULL,
  whatsapp TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('invited', 'bound', 'rejected', 'cancelled')),
  review_status TEXT CHECK (review_status IN ('pending', 'under_review', 'approved', 'rejected', 'suspended')),
  invited_at INTEGER,
  accepted_at INTEGER,
  -- An in-app answer scheduled by a magic whatsapp value.
  answer TEXT CHECK (answer IN ('accept', 'decline')),
  answer_at INTEGER,
  review_ends_at INTEGER,
  suspend_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX pa_drivers_whatsapp ON pa_drivers(whatsapp);

CREATE TABLE pa_bindings (
  id TEXT PRIMARY KEY,
  vehicle_id TEXT NOT NULL REFERENCES pa_vehicles(id),
  driver_id TEXT NOT NULL REFERENCES pa_drivers(id),
  bound_at INTEGER NOT NULL,
  unbound_at INTEGER
);
-- One driver per vehicle and one vehicle per driver at a time, as the API's assignments.
CREATE UNIQUE INDEX pa_bindings_active_vehicle ON pa_bindings(vehicle_id) WHERE unbound_at IS NULL;
CREATE UNIQUE INDEX pa_bindings_active_driver ON pa_bindings(driver_id) WHERE unbound_at IS NULL;
`,
};

const PLATFORM_B: Migration = {
  version: 3,
  name: 'platform-b',
  sql: `
CREATE TABLE pb_vehicles (
  id TEXT PRIMARY KEY,
  external_id TEXT NOT NULL UNIQUE,
  fleet_id TEXT NOT NULL,
  plate TEXT NOT NULL,
  vin TEXT NOT NULL,
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER NOT NULL,
  color TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('registered', 'removed')),
  registered_at INTEGER NOT NULL,
  removed_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX pb_vehicles_plate ON pb_vehicles(plate);
CREATE INDEX pb_vehicles_vin ON pb_vehicles(vin);

-- platform_b learns drivers from bindings: it has no invitations.
CREATE TABLE pb_drivers (
  id TEXT PRIMARY KEY,
  external_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  whatsapp TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE pb_bindings (
  id TEXT PRIMARY KEY,
  vehicle_id TEXT NOT NULL REFERENCES pb_vehicles(id),
  driver_id TEXT NOT NULL REFERENCES pb_drivers(id),
  bound_at INTEGER NOT NULL,
  unbound_at INTEGER
);
CREATE UNIQUE INDEX pb_bindings_active_vehicle ON pb_bindings(vehicle_id) WHERE unbound_at IS NULL;
CREATE UNIQUE INDEX pb_bindings_active_driver ON pb_bindings(driver_id) WHERE unbound_at IS NULL;
`,
};

const FLEET_CLOCKS: Migration = {
  version: 5,
  name: 'fleet-clocks',
  sql: `
-- A fleet is an API tenant, a world with its own clock: its now is the service time (clock_state)
-- plus this offset, pushed by the API. A fleet with no row is at offset 0.
CREATE TABLE fleet_clocks (fleet_id TEXT PRIMARY KEY, offset_ms INTEGER NOT NULL);
`,
};

const BINDINGS_BY_PARTNER: Migration = {
  version: 8,
  name: 'bindings-by-partner',
  sql: `
-- Every binding of a vehicle or a driver, ended ones too, and a vehicle's cards: deleting a vehicle
-- or a driver checks the foreign keys that point at it, and a fleet's purge (its deletion, a fleet snapshot's restore) finds its
-- bindings and its platform_b drivers left with none. Without these each of those walked every
-- fleet's bindings, once per vehicle or driver: a restore's cost grew with the other worlds.
CREATE INDEX pa_bindings_vehicle ON pa_bindings(vehicle_id);
CREATE INDEX pa_bindings_driver ON pa_bindings(driver_id);
CREATE INDEX pb_bindings_vehicle ON pb_bindings(vehicle_id);
CREATE INDEX pb_bindings_driver ON pb_bindings(driver_id);
CREATE INDEX pa_documents_vehicle ON pa_documents(vehicle_id);
`,
};

/** Numbered; the rides tables live beside their generator (simulators/rides/migration.ts). */
export const SIMULATOR_MIGRATIONS: Migration[] = [CORE, PLATFORM_A, PLATFORM_B, RIDES_MIGRATION, FLEET_CLOCKS, FLEET_DUE_MIGRATION, FLEET_CHANGES_MIGRATION, BINDINGS_BY_PARTNER, RIDE_DAY_WRITES_MIGRATION,
  RIDE_DAYS_OPEN_INDEX_DROPPED, RIDE_DAYS_FLEET_OPEN_INDEX_DROPPED];

/** `$FLEET_DATA_DIR/platforms.db` in the process, `':memory:'` in tests; WAL and foreign keys on. */
export function openSimulatorsDb(file: string): SimDb {
  return openDatabase(file, SIMULATOR_MIGRATIONS);
}
