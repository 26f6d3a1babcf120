import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { createTenantStore } from '../../server/tenants/store.ts';
import { TEST_CLOCK_START, UUID_V4 } from '../support/app.ts';
import { expectAppError, tenantService } from '../support/tenant-service.ts';

describe('createKey', () => {
  it('when created with defaults, then it is a test key with the six scopes, shown in full once and stored as a sha256 hash', () => {
    // Arrange
    const { service, deps } = tenantService();
    const tenant = service.createTenant('Flota');

    // Act
    const key = service.createKey(tenant.id);

    // Assert
    expect(key).toMatchObject({ tenantId: tenant.id, environment: 'test', scopes: [...SCOPES], createdAt: TEST_CLOCK_START });
    expect(key.id).toMatch(UUID_V4);
    expect(key.key).toMatch(/^fk_test_[0-9a-f]{12}_[A-Za-z0-9]{32}$/);
    expect(key.prefix).toBe(`fk_test_${key.id.replace(/-/g, '').slice(0, 12)}`);
    expect(key.key.startsWith(`${key.prefix}_`)).toBe(true);
    const row = deps.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<string, unknown>;
    expect(row).toMatchObject({ tenant_id: tenant.id, prefix: key.prefix, scopes: SCOPES.join(','), environment: 'test', revoked_at: null });
    expect((row.secret_hash as Buffer).equals(createHash('sha256').update(key.key).digest())).toBe(true);
  });

  it('when created live with two scopes, then it says so', () => {
    const { service } = tenantService();
    const tenant = service.createTenant('Flota');

    const key = service.createKey(tenant.id, ['vehicles:read', 'rides:read'], 'live');

    expect(key.environment).toBe('live');
    expect(key.scopes).toEqual(['vehicles:read', 'rides:read']);
    expect(key.key).toMatch(/^fk_live_[0-9a-f]{12}_[A-Za-z0-9]{32}$/);
  });

  it('when the tenant does not exist, then it throws NOT_FOUND and stores nothing', () => {
    const { service, count } = tenantService();

    expectAppError(() => service.createKey('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
    expect(count('api_keys')).toBe(0);
  });

  it('when many keys are created, then their secrets are all different', () => {
    const { service } = tenantService();
    const tenant = service.createTenant('Flota');

    const keys = Array.from({ length: 20 }, () => service.createKey(tenant.id).key);

    expect(new Set(keys).size).toBe(20);
  });
});

describe('revokeKey', () => {
  it('when a key is revoked, then revokedAt is the simulated now and is stored', () => {
    // Arrange
    const { service, deps } = tenantService();
    const key = service.createKey(service.createTenant('Flota').id);
    deps.clocks.service.advance(60_000);

    // Act
    const result = service.revokeKey(key.id);

    // Assert
    expect(result).toEqual({ id: key.id, revokedAt: '2026-03-02T15:01:00.000Z' });
    expect(service.store.getKey(key.id)?.revoked_at).toBe('2026-03-02T15:01:00.000Z');
  });

  it('when a key is revoked twice, then the second call throws CONFLICT and keeps the first date', () => {
    const { service, deps } = tenantService();
    const key = service.createKey(service.createTenant('Flota').id);
    service.revokeKey(key.id);
    deps.clocks.service.advance(60_000);

    expectAppError(() => service.revokeKey(key.id), 'CONFLICT');
    expect(service.store.getKey(key.id)?.revoked_at).toBe(TEST_CLOCK_START);
  });

  it('when the key does not exist, then it throws NOT_FOUND', () => {
    const { service } = tenantService();

    expectAppError(() => service.revokeKey('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
  });

  it('when one key is revoked, then the other keys of the tenant are untouched', () => {
    const { service } = tenantService();
    const tenant = service.createTenant('Flota');
    const a = service.createKey(tenant.id);
    const b = service.createKey(tenant.id);

    service.revokeKey(a.id);

    expect(service.store.getKey(b.id)?.revoked_at).toBeNull();
  });
});

describe('keyWithTenant (every request\'s key lookup)', () => {
  it('when the key exists, then it comes with its tenant\'s name, status and clock offset', () => {
    const { service, deps } = tenantService();
    const tenant = service.createTenant('Flota Clave');
    const key = service.createKey(tenant.id);
    deps.db.prepare('UPDATE tenants SET clock_offset_ms = 5000 WHERE id = ?').run(tenant.id);

    const found = createTenantStore(deps.db).keyWithTenant(key.prefix);

    expect(found).toMatchObject({ id: key.id, tenant_id: tenant.id, prefix: key.prefix, tenant_name: 'Flota Clave', tenant_status: 'active', tenant_offset_ms: 5000 });
  });

  it('when the key\'s tenant row is missing, then the key is not found', () => {
    const { service, deps } = tenantService();
    const tenant = service.createTenant('Flota Huérfana');
    const key = service.createKey(tenant.id);
    deps.db.pragma('foreign_keys = OFF');
    deps.db.prepare('DELETE FROM tenants WHERE id = ?').run(tenant.id);

    expect(createTenantStore(deps.db).keyWithTenant(key.prefix)).toBeUndefined();
    expect(createTenantStore(deps.db).keyWithTenant('fk_test_000000000000')).toBeUndefined();
  });
});
