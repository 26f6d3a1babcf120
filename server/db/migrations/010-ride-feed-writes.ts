export default {
  version: 10,
  name: 'ride-feed-writes',
  sql: `
-- Which write of rides a feed last had (server/rides/store.ts): a number from one service-wide
-- counter, taken in the transaction of each page that inserted or changed a ride, never reused (a
-- world restore puts the feed's number back with its rides). Equal numbers in a world snapshot and
-- now mean the feed's rides were not written since: the restore need not compare them one by one
-- (server/world-snapshots/row-difference.ts). 0: not known (rides written before this migration).
ALTER TABLE ride_feeds ADD COLUMN written INTEGER NOT NULL DEFAULT 0;
`,
};
