export default {
  version: 6,
  name: 'rides-by-feed',
  sql: `
-- Rides keyed for bulk ingestion (docs/rides.md, "Storage"). A year of a 500-vehicle fleet is over a
-- million rides, and every byte of a key is written once per index: the 005 layout (UUID text in
-- five indexes, ~830 bytes a ride) took a minute to ingest. Here a ride is ~80 bytes plus two
-- ~36-byte index entries, and its id is a UUIDv7 whose first 48 bits are startedAt, so the
-- primary key is the list order and each page of rides lands at the end of the b-tree.
DROP TABLE rides;

-- One row per tenant and platform that has rides: the small integer that prefixes every key.
CREATE TABLE ride_feeds (
  id INTEGER PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  UNIQUE (tenant_id, platform)
);

-- id, vehicle_id and driver_id are the 16 bytes of their UUIDs. serviceDate is the Mexico City day of
-- started_at_ms and is derived on read; the platform's own ride id only feeds the hash of id.
-- feed has no REFERENCES clause: the check cost 15% of a bulk insert, and the only writer
-- (server/rides/store.ts) takes the feed number from ride_feeds itself.
CREATE TABLE rides (
  feed INTEGER NOT NULL,
  id BLOB NOT NULL,
  vehicle_id BLOB,
  driver_id BLOB,
  status TEXT NOT NULL CHECK (status IN ('completed', 'cancelled_driver', 'cancelled_rider', 'cancelled_support', 'in_progress', 'other')),
  started_at_ms INTEGER NOT NULL,
  completed_at_ms INTEGER,
  distance_hkm INTEGER,
  gross_cents INTEGER,
  tip_cents INTEGER,
  net_cents INTEGER,
  PRIMARY KEY (feed, id)
) WITHOUT ROWID;
CREATE INDEX rides_driver ON rides(feed, driver_id, id);
CREATE INDEX rides_vehicle ON rides(feed, vehicle_id, id);
-- A filter on a rare status (in_progress, other, cancellations: about a sixth of the rides) would
-- otherwise walk the whole list to find none; completed rides stay out of it.
CREATE INDEX rides_uncommon ON rides(feed, status, id) WHERE status <> 'completed';

-- The rides of the old layout are gone: the next background read starts again from each tenant's
-- creation. Windows backfilled before that are read again by \`rides generate\` (idempotent).
DELETE FROM ride_sync;
`,
};
