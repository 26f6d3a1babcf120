import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { AppError } from '../../server/errors.ts';
import { makeDeps, TEST_CLOCK_START } from '../support/app.ts';
import { createTenantService } from '../../server/tenants/service.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup() {
  const deps = makeDeps();
  const service = createTenantService(deps);
  const count = (table: string) => (deps.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { deps, service, count };
}

function expectAppError(fn: () => unknown, code: string) {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe(code);
}

describe('createTenant', () => {
  it('when created without a status, then it is active, stamped by the simulated clock and stored', () => {
    // Arrange
    const { service, deps } = setup();

    // Act
    const tenant = service.createTenant('Flota Norte');

    // Assert
    expect(tenant).toEqual({ id: expect.stringMatching(UUID_V4), name: 'Flota Norte', status: 'active', createdAt: TEST_CLOCK_START });
    expect(deps.db.prepare('SELECT * FROM tenants WHERE id = ?').get(tenant.id)).toEqual({
      id: tenant.id,
      name: 'Flota Norte',
      status: 'active',
      created_at: TEST_CLOCK_START,
      clock_offset_ms: 0,
    });
  });

  it('when created pending, then the stored status is pending', () => {
    const { service } = setup();

    const tenant = service.createTenant('Flota Sur', 'pending');

    expect(tenant.status).toBe('pending');
    expect(service.store.getTenant(tenant.id)?.status).toBe('pending');
  });

  it('when two tenants are created, then their ids differ', () => {
    const { service } = setup();

    expect(service.createTenant('A').id).not.toBe(service.createTenant('B').id);
  });
});

describe('approveTenant', () => {
  it('when a pending tenant is approved, then it becomes active', () => {
    const { service } = setup();
    const tenant = service.createTenant('Flota', 'pending');

    const approved = service.approveTenant(tenant.id);

    expect(approved).toMatchObject({ id: tenant.id, name: 'Flota', status: 'active' });
    expect(service.store.getTenant(tenant.id)?.status).toBe('active');
  });

  it('when the tenant does not exist, then it throws NOT_FOUND', () => {
    const { service } = setup();

    expectAppError(() => service.approveTenant('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
  });
});

describe('createKey', () => {
  it('when created with defaults, then it is a test key with the six scopes, shown in full once and stored as a sha256 hash', () => {
    // Arrange
    const { service, deps } = setup();
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
    const { service } = setup();
    const tenant = service.createTenant('Flota');

    const key = service.createKey(tenant.id, ['vehicles:read', 'rides:read'], 'live');

    expect(key.environment).toBe('live');
    expect(key.scopes).toEqual(['vehicles:read', 'rides:read']);
    expect(key.key).toMatch(/^fk_live_[0-9a-f]{12}_[A-Za-z0-9]{32}$/);
  });

  it('when the tenant does not exist, then it throws NOT_FOUND and stores nothing', () => {
    const { service, count } = setup();

    expectAppError(() => service.createKey('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
    expect(count('api_keys')).toBe(0);
  });

  it('when many keys are created, then their secrets are all different', () => {
    const { service } = setup();
    const tenant = service.createTenant('Flota');

    const keys = Array.from({ length: 20 }, () => service.createKey(tenant.id).key);

    expect(new Set(keys).size).toBe(20);
  });
});

describe('revokeKey', () => {
  it('when a key is revoked, then revokedAt is the simulated now and is stored', () => {
    // Arrange
    const { service, deps } = setup();
    const key = service.createKey(service.createTenant('Flota').id);
    deps.clocks.service.advance(60_000);

    // Act
    const result = service.revokeKey(key.id);

    // Assert
    expect(result).toEqual({ id: key.id, revokedAt: '2026-03-02T15:01:00.000Z' });
    expect(service.store.getKey(key.id)?.revoked_at).toBe('2026-03-02T15:01:00.000Z');
  });

  it('when a key is revoked twice, then the second call throws CONFLICT and keeps the first date', () => {
    const { service, deps } = setup();
    const key = service.createKey(service.createTenant('Flota').id);
    service.revokeKey(key.id);
    deps.clocks.service.advance(60_000);

    expectAppError(() => service.revokeKey(key.id), 'CONFLICT');
    expect(service.store.getKey(key.id)?.revoked_at).toBe(TEST_CLOCK_START);
  });

  it('when the key does not exist, then it throws NOT_FOUND', () => {
    const { service } = setup();

    expectAppError(() => service.revokeKey('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
  });

  it('when one key is revoked, then the other keys of the tenant are untouched', () => {
    const { service } = setup();
    const tenant = service.createTenant('Flota');
    const a = service.createKey(tenant.id);
    const b = service.createKey(tenant.id);

    service.revokeKey(a.id);

    expect(service.store.getKey(b.id)?.revoked_at).toBeNull();
  });
});

describe('seedDemo', () => {
  it('when the database is new, then it creates one active demo tenant and one test key with all six scopes', () => {
    // Arrange
    const { service, count } = setup();

    // Act
    const seeded = service.seedDemo();

    // Assert
    expect(seeded).not.toBeNull();
    expect(seeded!.tenant).toMatchObject({ name: 'Flota Demo', status: 'active' });
    expect(seeded!.key).toMatchObject({ tenantId: seeded!.tenant.id, environment: 'test', scopes: [...SCOPES] });
    expect(count('tenants')).toBe(1);
    expect(count('api_keys')).toBe(1);
  });

  it('when run again, then it returns null and creates nothing more', () => {
    const { service, count } = setup();
    service.seedDemo();

    const again = service.seedDemo();

    expect(again).toBeNull();
    expect(count('tenants')).toBe(1);
    expect(count('api_keys')).toBe(1);
  });

  it('when a tenant already exists, then it does not seed', () => {
    const { service, count } = setup();
    service.createTenant('Flota Existente');

    expect(service.seedDemo()).toBeNull();
    expect(count('tenants')).toBe(1);
    expect(count('api_keys')).toBe(0);
  });

  it('when two fresh databases with the same seed are seeded, then tenant and key ids match (determinism)', () => {
    const a = setup().service.seedDemo()!;
    const b = setup().service.seedDemo()!;

    expect(b.tenant.id).toBe(a.tenant.id);
    expect(b.key.id).toBe(a.key.id);
    expect(b.key.prefix).toBe(a.key.prefix);
  });
});
