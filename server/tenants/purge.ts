import type { Db } from '../db/open.ts';

/**
 * Every row a tenant owns, children before parents (foreign keys stay on). A table added later that
 * holds tenant data must be listed here: test/unit/tenant-purge.test.ts fails until it is.
 */
export const TENANT_ROWS: readonly { table: string; where: string }[] = [
  { table: 'assignment_bindings', where: 'assignment_id IN (SELECT id FROM assignments WHERE tenant_id = @tenant)' },
  { table: 'assignments', where: 'tenant_id = @tenant' },
  { table: 'job_items', where: 'job_id IN (SELECT id FROM jobs WHERE tenant_id = @tenant)' },
  { table: 'jobs', where: 'tenant_id = @tenant' },
  { table: 'documents', where: 'tenant_id = @tenant' },
  { table: 'vehicle_registrations', where: 'vehicle_id IN (SELECT id FROM vehicles WHERE tenant_id = @tenant)' },
  { table: 'vehicles', where: 'tenant_id = @tenant' },
  { table: 'driver_invitations', where: 'driver_id IN (SELECT id FROM drivers WHERE tenant_id = @tenant)' },
  { table: 'drivers', where: 'tenant_id = @tenant' },
  { table: 'rides', where: 'feed IN (SELECT id FROM ride_feeds WHERE tenant_id = @tenant)' },
  { table: 'ride_feeds', where: 'tenant_id = @tenant' },
  { table: 'daily_earnings', where: 'tenant_id = @tenant' },
  { table: 'ride_sync', where: 'tenant_id = @tenant' },
  { table: 'transition_counts', where: 'tenant_id = @tenant' },
  { table: 'api_keys', where: 'tenant_id = @tenant' },
  // The world's unique-value counters (fixtures/unique.ts); the service's own counters stay.
  { table: 'counters', where: "name LIKE 'unique:' || @tenant || ':%'" },
  { table: 'tenants', where: 'id = @tenant' },
];

/** Tables that hold no tenant's data: the service's own state. */
export const SERVICE_TABLES: readonly string[] = ['schema_migrations', 'counters', 'clock_state'];

/**
 * Deletes everything of one tenant in one transaction; its plates, VINs and numbers are free again.
 * `except`: tables left alone (a world restore puts the rides back by difference, not wholesale).
 */
export function createTenantPurge(db: Db, except: readonly string[] = []) {
  const statements = TENANT_ROWS.filter(({ table }) => !except.includes(table)).map(({ table, where }) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  return db.transaction((tenantId: string) => {
    for (const statement of statements) statement.run({ tenant: tenantId });
  });
}

/** Rows of a world's bulk tables its deletion removes per transaction, with a turn of the event loop after each. */
export const ROWS_PER_SLICE = 10_000;

/**
 * A world's rides and daily earnings, the tables that grow with its days (a year of 500 vehicles:
 * ~1.35 M rides and ~366,000 daily rows, seconds of deletes in one piece), `sliceRows` at a time,
 * each slice its own transaction and a turn of the event loop after it, so every other world's
 * requests go on meanwhile.
 */
export function createBulkDrop(db: Db, sliceRows = ROWS_PER_SLICE) {
  const feeds = db.prepare('SELECT id FROM ride_feeds WHERE tenant_id = ?').pluck();
  // The key of the first ride past a slice: the slice is every ride of the feed before it.
  const rideCut = db.prepare('SELECT id FROM rides WHERE feed = ? ORDER BY id LIMIT 1 OFFSET ?').pluck();
  const ridesBefore = db.prepare('DELETE FROM rides WHERE feed = ? AND id < ?');
  const ridesLeft = db.prepare('DELETE FROM rides WHERE feed = ?');
  const daily = db.prepare('DELETE FROM daily_earnings WHERE rowid IN (SELECT rowid FROM daily_earnings WHERE tenant_id = ? LIMIT ?)');
  // Whether more than a slice was left: the last slice takes what is left.
  const rideSlice = db.transaction((feed: number): boolean => {
    const cut = rideCut.get(feed, sliceRows);
    if (cut === undefined) {
      ridesLeft.run(feed);
      return false;
    }
    ridesBefore.run(feed, cut);
    return true;
  });
  const dailySlice = db.transaction((tenantId: string): boolean => daily.run(tenantId, sliceRows).changes === sliceRows);
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  return async (tenantId: string): Promise<void> => {
    for (const feed of feeds.all(tenantId) as number[]) while (rideSlice(feed)) await turn();
    while (dailySlice(tenantId)) await turn();
  };
}
