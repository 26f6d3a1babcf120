export default {
  version: 5,
  name: 'rides-and-earnings',
  sql: `
-- Rides ingested from the platforms (docs/rides.md). id = a UUID hashed from the seed, the platform and
-- the platform's ride id, so ingesting the same ride again updates it in place. Instants are epoch ms
-- (small index keys, numeric order); money in integer centavos, distance in hundredths of a km.
CREATE TABLE rides (
  id TEXT NOT NULL UNIQUE,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  platform_ride_id TEXT NOT NULL,
  vehicle_id TEXT,
  driver_id TEXT,
  -- The Mexico City day of started_at (fixed -06:00), kept for the response.
  service_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('completed', 'cancelled_driver', 'cancelled_rider', 'cancelled_support', 'in_progress', 'other')),
  started_at_ms INTEGER NOT NULL,
  completed_at_ms INTEGER,
  distance_hkm INTEGER,
  gross_cents INTEGER,
  tip_cents INTEGER,
  net_cents INTEGER,
  updated_at TEXT NOT NULL
);
-- The list, newest first; from/to become a started_at range (a Mexico City day is a fixed 24 h span).
CREATE INDEX rides_list ON rides(tenant_id, platform, started_at_ms DESC, id DESC);
CREATE INDEX rides_driver ON rides(tenant_id, platform, driver_id, started_at_ms DESC, id DESC);
CREATE INDEX rides_vehicle ON rides(tenant_id, platform, vehicle_id, started_at_ms DESC, id DESC);
-- A status filter on a rare status (in_progress, other, cancellations: about a sixth of the rides)
-- would otherwise walk the whole list to find none; completed rides stay out of it.
CREATE INDEX rides_uncommon ON rides(tenant_id, platform, status, started_at_ms DESC, id DESC) WHERE status <> 'completed';

-- One row per (platform, driver, day) as the platform reports it; driver null = vehicles without one.
CREATE TABLE daily_earnings (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  date TEXT NOT NULL,
  driver_id TEXT,
  trips INTEGER NOT NULL,
  gross_cents INTEGER NOT NULL,
  net_cents INTEGER NOT NULL,
  -- Hundredths of an hour, so the summary adds integers.
  online_chours INTEGER NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX daily_earnings_list ON daily_earnings(tenant_id, platform, date DESC, id DESC);
CREATE INDEX daily_earnings_driver ON daily_earnings(tenant_id, platform, driver_id, date DESC, id DESC);

-- Where the background ingestion stands per tenant and platform: the simulated instant of its last
-- complete read. The next run reads again from that day minus the platform's unsettled window.
CREATE TABLE ride_sync (
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  platform TEXT NOT NULL,
  synced_at_ms INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, platform)
);
`,
};
