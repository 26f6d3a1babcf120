import type { Db } from '../db/open.ts';
import { keyRowsCache } from './key-cache.ts';
import { worldNotFound } from '../errors.ts';

export type TenantStatus = 'active' | 'pending';

export interface TenantRow {
  id: string;
  name: string;
  status: TenantStatus;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  tenant_id: string;
  prefix: string;
  secret_hash: Buffer;
  scopes: string;
  environment: 'live' | 'test';
  created_at: string;
  revoked_at: string | null;
}

export interface TenantCounts {
  vehicles: number;
  drivers: number;
  activeAssignments: number;
  rides: number;
}

/** `tenant_offset_ms`: the world's clock offset, read with the key so the journal needs no query of its own. */
export type KeyWithTenant = Omit<ApiKeyRow, 'created_at'> & { tenant_name: string; tenant_status: TenantStatus; tenant_offset_ms: number };

export function createTenantStore(db: Db) {
  const insertTenant = db.prepare(`INSERT INTO tenants (id, name, status, created_at, created_order)
    VALUES (@id, @name, @status, @created_at, (SELECT coalesce(max(created_order), 0) + 1 FROM tenants))`);
  const getTenant = db.prepare('SELECT * FROM tenants WHERE id = ?');
  const setStatus = db.prepare('UPDATE tenants SET status = ? WHERE id = ?');
  // Ties (a frozen clock makes every tenant at one instant) in the order the tenants were made, not
  // by id: the first is then the demo tenant, which serve's restart hint names (migration 012).
  const firstTenant = db.prepare('SELECT * FROM tenants ORDER BY created_at, created_order LIMIT 1');
  const insertKey = db.prepare(`INSERT INTO api_keys (id, tenant_id, prefix, secret_hash, scopes, environment, created_at)
    VALUES (@id, @tenant_id, @prefix, @secret_hash, @scopes, @environment, @created_at)`);
  const getKey = db.prepare('SELECT * FROM api_keys WHERE id = ?');
  // The columns authentication uses, no more: every request runs it. The tenant's columns are scalar
  // subqueries rather than a JOIN: the same row, but SQLite 3.54 ran the join about 3× slower
  // (~25 µs against ~7 µs a request; docs/performance.md). No tenant (a NULL name) reads as no key, as the join did.
  const keyWithTenant = db.prepare(`SELECT k.id, k.tenant_id, k.prefix, k.secret_hash, k.scopes, k.environment, k.revoked_at,
    (SELECT name FROM tenants WHERE id = k.tenant_id) AS tenant_name, (SELECT status FROM tenants WHERE id = k.tenant_id) AS tenant_status,
    (SELECT clock_offset_ms FROM tenants WHERE id = k.tenant_id) AS tenant_offset_ms FROM api_keys k WHERE k.prefix = ?`).raw();
  const revokeKey = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const listTenants = db.prepare('SELECT * FROM tenants ORDER BY created_at DESC, created_order DESC');
  const listKeys = db.prepare('SELECT * FROM api_keys WHERE tenant_id = ? ORDER BY created_at DESC, id DESC');
  const counts = db.prepare(`SELECT (SELECT COUNT(*) FROM vehicles WHERE tenant_id = @t) AS vehicles,
    (SELECT COUNT(*) FROM drivers WHERE tenant_id = @t) AS drivers,
    (SELECT COUNT(*) FROM assignments WHERE tenant_id = @t AND status = 'active') AS activeAssignments,
    (SELECT COUNT(*) FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = @t)) AS rides`);

  return {
    insertTenant: (row: TenantRow) => void insertTenant.run(row),
    getTenant: (id: string) => getTenant.get(id) as TenantRow | undefined,
    /** The tenant, or 404 NOT_FOUND naming it (worldNotFound): what every call naming a world checks first. */
    requireTenant(id: string): TenantRow {
      const row = getTenant.get(id) as TenantRow | undefined;
      if (!row) throw worldNotFound(id);
      return row;
    },
    firstTenant: () => firstTenant.get() as TenantRow | undefined,
    setTenantStatus: (id: string, status: TenantStatus) => void setStatus.run(status, id),
    insertKey: (row: Omit<ApiKeyRow, 'revoked_at'>) => void insertKey.run(row),
    getKey: (id: string) => getKey.get(id) as ApiKeyRow | undefined,
    /** Newest first, like every list of the testbed. */
    listTenants: () => listTenants.all() as TenantRow[],
    listKeys: (tenantId: string) => listKeys.all(tenantId) as ApiKeyRow[],
    /** How much a tenant's world holds (the dashboard's worlds page). */
    counts: (tenantId: string) => counts.get({ t: tenantId }) as TenantCounts,
    /** Every request's lookup: the key and its tenant, kept until a write could have changed them (key-cache.ts), so a revocation counts at once. */
    keyWithTenant: keyRowsCache(db, (prefix: string): KeyWithTenant | undefined => {
      // Read as an array (raw), by the statement's column order: a little less work on every request.
      const k = keyWithTenant.get(prefix) as unknown[] | undefined;
      if (k === undefined || k[7] === null) return undefined;
      return {
        id: k[0], tenant_id: k[1], prefix: k[2], secret_hash: k[3], scopes: k[4], environment: k[5], revoked_at: k[6],
        tenant_name: k[7], tenant_status: k[8], tenant_offset_ms: k[9],
      } as KeyWithTenant;
    }),
    revokeKey: (id: string, at: string) => revokeKey.run(at, id).changes === 1,
  };
}

export type TenantStore = ReturnType<typeof createTenantStore>;
