import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';

/** A tenant the ingestion reads from a platform; where its last read got is asked in its turn (`syncedAtOf`). */
export interface SyncTarget {
  tenant_id: string;
  created_at: string;
}

/** Which tenants the background ingestion reads from a platform, and how far it got. */
export function createRideSyncStore(db: Db) {
  // A tenant with a vehicle the platform knows (any registration but `none`): nobody else can have rides there.
  // CROSS JOIN keeps SQLite to this order (the tenant's vehicles, then each one's row): by the
  // registrations' status index it would walk every tenant's registrations.
  const targetOf = db.prepare(`SELECT t.id AS tenant_id, t.created_at FROM tenants t
    WHERE t.id = @tenant AND EXISTS (SELECT 1 FROM vehicles v CROSS JOIN vehicle_registrations r ON r.vehicle_id = v.id
      WHERE v.tenant_id = t.id AND r.platform = @platform AND r.status <> 'none')`);
  const syncedAt = db.prepare('SELECT synced_at_ms FROM ride_sync WHERE tenant_id = ? AND platform = ?').pluck();
  const tenantIds = db.prepare('SELECT id FROM tenants ORDER BY id').pluck();
  const mark = db.prepare(`INSERT INTO ride_sync (tenant_id, platform, synced_at_ms) VALUES (?, ?, ?)
    ON CONFLICT (tenant_id, platform) DO UPDATE SET synced_at_ms = excluded.synced_at_ms`);

  return {
    /** The tenant's target on the platform, by its keys (an index lookup); undefined: nothing to read there. */
    targetOf: (tenantId: string, platform: Platform) => targetOf.get({ tenant: tenantId, platform }) as SyncTarget | undefined,
    /** The instant of the tenant's last complete read of the platform; null before the first. */
    syncedAtOf: (tenantId: string, platform: Platform): number | null => (syncedAt.get(tenantId, platform) as number | undefined) ?? null,
    tenantIds: () => tenantIds.all() as string[],
    mark: (tenantId: string, platform: Platform, atMs: number) => void mark.run(tenantId, platform, atMs),
  };
}
