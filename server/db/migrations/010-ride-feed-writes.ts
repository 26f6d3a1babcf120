export default {
  version: 10,
  name: 'ride-feed-writes',
  sql: `
-- ride_feeds rebuilt with two changes (server/world-snapshots/row-difference.ts):
-- * AUTOINCREMENT: a feed number is never given twice. A world restored to a copy that had a feed
--   the world has since lost puts that number back; handed to another world meanwhile, the restore
--   failed on it.
-- * written: which ingestion write the feed's tenant and platform last had (rides or daily rows), a
--   number from one service-wide counter taken in that write's transaction, never reused (a world
--   restore puts the feed's number back with its rows). The same numbers in a world snapshot and
--   now mean no ingestion wrote the world since: its rides need no comparison one by one. 0: not
--   known (written before this migration).
CREATE TABLE ride_feeds_10 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id TEXT NOT NULL REFERENCES tenants(id),
  platform TEXT NOT NULL CHECK (platform IN ('platform_a', 'platform_b')),
  written INTEGER NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, platform)
);
INSERT INTO ride_feeds_10 (id, tenant_id, platform) SELECT id, tenant_id, platform FROM ride_feeds;
DROP TABLE ride_feeds;
ALTER TABLE ride_feeds_10 RENAME TO ride_feeds;
`,
};
