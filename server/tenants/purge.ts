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
