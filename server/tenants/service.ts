import type { Clocks } from '../lib/clocks.ts';
import type { IdGenerator } from '../lib/ids.ts';
import { conflict, notFound, validation, worldNotFound } from '../errors.ts';
import { SCOPES, type Scope } from '../auth/scopes.ts';
import { hashSecret, keyPrefix, newSecret } from '../auth/secrets.ts';
import { createTenantStore, type TenantStatus } from './store.ts';
import { nowOf } from '../clock/travel.ts';
import { TENANT_NAME_MAX, tenantNameProblem } from './limits.ts';
import type { Db } from '../db/open.ts';

export interface TenantView {
  id: string;
  name: string;
  status: TenantStatus;
  createdAt: string;
}

export interface CreatedKey {
  id: string;
  tenantId: string;
  key: string;
  prefix: string;
  scopes: Scope[];
  environment: 'live' | 'test';
  createdAt: string;
}

/** A key as lists show it: never its secret. */
export interface KeyView {
  id: string;
  prefix: string;
  scopes: Scope[];
  environment: 'live' | 'test';
  createdAt: string;
  revokedAt: string | null;
}

export { TENANT_NAME_MAX };

/** The control API's rule for a name (limits.ts): the CLI writes tenants through this service without the schema. */
function tenantName(raw: string): string {
  const name = raw.trim();
  const problem = tenantNameProblem(name);
  if (problem !== null) throw validation(problem, [{ field: 'name', message: problem }]);
  return name;
}

/** Tenants and keys are managed from the CLI (the "partner portal" of the testbed), not the API. */
export function createTenantService(deps: { db: Db; clocks: Clocks; ids: IdGenerator }) {
  const store = createTenantStore(deps.db);
  // A new tenant's clock starts at offset 0: it is created at service time. Its keys live in its world.
  const now = (tenantId?: string) => nowOf(deps, tenantId);

  function createTenant(rawName: string, status: TenantStatus = 'active'): TenantView {
    const name = tenantName(rawName);
    const row = { id: deps.ids.forName(name), name, status, created_at: now() };
    store.insertTenant(row);
    return { id: row.id, name, status, createdAt: row.created_at };
  }

  function approveTenant(id: string): TenantView {
    const tenant = store.getTenant(id);
    if (!tenant) throw worldNotFound(id);
    store.setTenantStatus(id, 'active');
    return { id, name: tenant.name, status: 'active', createdAt: tenant.created_at };
  }

  // One transaction: a key refused as its secret is drawn (the CLI's, cli/lib/tenant-service.ts) takes
  // back the id it drew, and the next key gets the id it would have had.
  const createKey = deps.db.transaction((tenantId: string, scopes: Scope[] = [...SCOPES], environment: 'live' | 'test' = 'test'): CreatedKey => {
    store.requireTenant(tenantId);
    const id = deps.ids.inWorld(tenantId);
    const prefix = keyPrefix(environment, id);
    const key = newSecret(prefix, deps.ids.keySecretBytes(id));
    const createdAt = now(tenantId);
    store.insertKey({ id, tenant_id: tenantId, prefix, secret_hash: hashSecret(key), scopes: scopes.join(','), environment, created_at: createdAt });
    return { id, tenantId, key, prefix, scopes, environment, createdAt };
  });

  function revokeKey(keyId: string): { id: string; revokedAt: string } {
    const key = store.getKey(keyId);
    if (!key) throw notFound('La clave de API');
    if (key.revoked_at) throw conflict('La clave de API ya estaba revocada.');
    const revokedAt = now(key.tenant_id);
    store.revokeKey(keyId, revokedAt);
    return { id: keyId, revokedAt };
  }

  /** A tenant and its keys in one transaction: the control API's one call for a test's new world. */
  const createTenantWithKeys = deps.db.transaction(
    (name: string, status: TenantStatus, keys: { scopes?: Scope[]; environment?: 'live' | 'test' }[]) => {
      const tenant = createTenant(name, status);
      return { ...tenant, keys: keys.map((k) => createKey(tenant.id, k.scopes, k.environment)) };
    },
  );

  function listKeys(tenantId: string): KeyView[] {
    store.requireTenant(tenantId);
    return store.listKeys(tenantId).map((k) => ({
      id: k.id, prefix: k.prefix, scopes: k.scopes.split(',') as Scope[], environment: k.environment, createdAt: k.created_at, revokedAt: k.revoked_at,
    }));
  }

  /** A new data dir gets a demo tenant and one test key with all scopes; null when already seeded. */
  function seedDemo(): { tenant: TenantView; key: CreatedKey } | null {
    if (store.firstTenant()) return null;
    return deps.db.transaction(() => {
      const tenant = createTenant('Flota Demo');
      return { tenant, key: createKey(tenant.id) };
    })();
  }

  return { createTenant, createTenantWithKeys, approveTenant, createKey, revokeKey, listKeys, seedDemo, store };
}

export type TenantService = ReturnType<typeof createTenantService>;
