import { setImmediate as nextTurn } from 'node:timers/promises';
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
  // The world's unique-value counters (fixtures/unique.ts) and its ids' (lib/ids.ts); the service's own counters stay.
  { table: 'counters', where: "name LIKE 'unique:' || @tenant || ':%' OR name = 'ids:' || @tenant" },
  { table: 'tenants', where: 'id = @tenant' },
];

/** Tables that hold no tenant's data: the service's own state (and what deleted worlds did: retired_transition_counts). */
export const SERVICE_TABLES: readonly string[] = ['schema_migrations', 'counters', 'clock_state', 'retired_transition_counts'];

/**
 * Rows of a bulk table deleted in one go: the API answers every world from one thread, and a
 * 500-vehicle world's 200,000 rides and 30,000 daily rows deleted in one transaction held every
 * other world's requests 0.77 s; 2,500 take ~12 ms.
 */
export const ROWS_DELETED_IN_ONE_GO = 2_500;

/** The tables a big world fills, deleted a portion at a time before the rest (a portion's rows by key). */
const BULK_PORTIONS = [
  `DELETE FROM rides WHERE (feed, id) IN (SELECT feed, id FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = @tenant) LIMIT ${ROWS_DELETED_IN_ONE_GO})`,
  `DELETE FROM daily_earnings WHERE rowid IN (SELECT rowid FROM daily_earnings WHERE tenant_id = @tenant LIMIT ${ROWS_DELETED_IN_ONE_GO})`,
];

/**
 * Deletes everything of one tenant; its plates, VINs and numbers are free again. Its rides and daily
 * rows go first, ROWS_DELETED_IN_ONE_GO at a time with a turn of the event loop between, then every
 * other row in one transaction. A world cut off between two (serve killed) must be marked by the
 * caller to be deleted at the next start (fixtures/unfinished.ts): its rows are no world any more.
 */
export function createTenantPurge(db: Db) {
  const statements = TENANT_ROWS.map(({ table, where }) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  // What happened in the world stays counted testbed-wide (migration 013).
  const retire = db.prepare(`INSERT INTO retired_transition_counts (machine, from_state, to_state, count)
    SELECT machine, from_state, to_state, count FROM transition_counts WHERE tenant_id = @tenant
    ON CONFLICT (machine, from_state, to_state) DO UPDATE SET count = count + excluded.count`);
  const rest = db.transaction((tenantId: string, retireCounts: boolean) => {
    if (retireCounts) retire.run({ tenant: tenantId });
    for (const statement of statements) statement.run({ tenant: tenantId });
  });
  const portions = BULK_PORTIONS.map((sql) => db.prepare(sql));
  /** `retire: false`: a world that never was (a fixture that failed), whose transitions are not kept. */
  return async (tenantId: string, { retire: retireCounts = true } = {}): Promise<void> => {
    for (const portion of portions) {
      while (portion.run({ tenant: tenantId }).changes === ROWS_DELETED_IN_ONE_GO) await nextTurn();
    }
    rest(tenantId, retireCounts);
  };
}
