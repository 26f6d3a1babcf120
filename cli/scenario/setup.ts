import { createHash } from 'node:crypto';
import type { Scope } from '../../server/auth/scopes.ts';
import type { Config } from '../../server/config.ts';
import { openTenantService } from '../environment.ts';
import type { Scenario } from './schema.ts';

export interface TenantRecord {
  as: string;
  id: string;
  name: string;
  status: string;
  keys: Array<{ as: string; id: string; prefix: string; scopes: string[]; environment: string }>;
}

export interface Setup {
  tenants: TenantRecord[];
  /** Key alias → the full secret; never written to the transcript (it is random, and a secret). */
  secrets: Map<string, string>;
  vars: Record<string, unknown>;
}

/**
 * `run.tag` (6 hex) and `run.digits` (6 digits) come from the first tenant's id: the same on a fresh
 * data dir with the same seed, new on every run against a running serve, so plates and whatsapp
 * numbers, unique service-wide, do not clash with an earlier run's.
 */
export function runTokens(firstTenantId: string): { tag: string; digits: string } {
  const hash = createHash('sha256').update(firstTenantId).digest();
  return { tag: hash.subarray(0, 3).toString('hex').toUpperCase(), digits: String(hash.readUInt32BE(3) % 1_000_000).padStart(6, '0') };
}

/** Tenants and keys are written straight to the data dir, as `tenants create` and `keys create` do. */
export function createTenants(scenario: Scenario, config: Config): Setup {
  const { db, tenants: service } = openTenantService(config);
  const secrets = new Map<string, string>();
  try {
    const tenants = scenario.tenants.map((spec): TenantRecord => {
      const tenant = service.createTenant(spec.name, spec.pending ? 'pending' : 'active');
      const keys = spec.keys.map((k) => {
        const key = service.createKey(tenant.id, k.scopes as Scope[] | undefined, k.env);
        secrets.set(k.as, key.key);
        return { as: k.as, id: key.id, prefix: key.prefix, scopes: key.scopes, environment: key.environment };
      });
      return { as: spec.as, id: tenant.id, name: tenant.name, status: tenant.status, keys };
    });
    const vars = {
      tenants: Object.fromEntries(tenants.map((t) => [t.as, { id: t.id, name: t.name }])),
      keys: Object.fromEntries(tenants.flatMap((t) => t.keys.map((k) => [k.as, { id: k.id, prefix: k.prefix, tenantId: t.id }]))),
      run: runTokens(tenants[0].id),
    };
    return { tenants, secrets, vars };
  } finally {
    db.close();
  }
}
