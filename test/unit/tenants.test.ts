import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { TEST_CLOCK_START, UUID_V4 } from '../support/app.ts';
import { expectAppError, tenantService } from '../support/tenant-service.ts';

describe('createTenant', () => {
  it('when created without a status, then it is active, stamped by the simulated clock and stored', () => {
    // Arrange
    const { service, deps } = tenantService();

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
      created_order: 1,
    });
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['201 characters', 'x'.repeat(201)],
    ['201 emoji', '🚕'.repeat(201)],
    // What the CLI's `tenants create --name` writes through this service: the control API's rule too.
    ['a line break inside', 'Flota\nNorte'],
    ['a DEL', 'Flota\u007f'],
    ['a C1 control (NEL)', 'Flota\u0085Norte'],
    ['a line separator', 'Flota\u2028Norte'],
    ['a right-to-left override', 'Flota\u202eNorte'],
  ])('when the name is %s, then VALIDATION and no tenant is stored', (_case, name) => {
    const { service, count } = tenantService();

    expectAppError(() => service.createTenant(name), 'VALIDATION');
    expect(count('tenants')).toBe(0);
  });

  it('when the name has 200 characters around spaces, then it is stored trimmed', () => {
    const { service } = tenantService();

    expect(service.createTenant(`  ${'x'.repeat(200)} `).name).toBe('x'.repeat(200));
  });

  it('when the name has 200 emoji (400 UTF-16 units), then it is stored: characters are counted, as the control API counts them', () => {
    const { service } = tenantService();

    expect(service.createTenant('🚕'.repeat(200)).name).toBe('🚕'.repeat(200));
  });

  it('when created pending, then the stored status is pending', () => {
    const { service } = tenantService();

    const tenant = service.createTenant('Flota Sur', 'pending');

    expect(tenant.status).toBe('pending');
    expect(service.store.getTenant(tenant.id)?.status).toBe('pending');
  });

  it('when two tenants are created, then their ids differ', () => {
    const { service } = tenantService();

    expect(service.createTenant('A').id).not.toBe(service.createTenant('B').id);
  });
});

describe('approveTenant', () => {
  it('when a pending tenant is approved, then it becomes active', () => {
    const { service } = tenantService();
    const tenant = service.createTenant('Flota', 'pending');

    const approved = service.approveTenant(tenant.id);

    expect(approved).toMatchObject({ id: tenant.id, name: 'Flota', status: 'active' });
    expect(service.store.getTenant(tenant.id)?.status).toBe('active');
  });

  it('when the tenant does not exist, then it throws NOT_FOUND', () => {
    const { service } = tenantService();

    expectAppError(() => service.approveTenant('3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b'), 'NOT_FOUND');
  });
});

describe('seedDemo', () => {
  it('when the database is new, then it creates one active demo tenant and one test key with all six scopes', () => {
    // Arrange
    const { service, count } = tenantService();

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
    const { service, count } = tenantService();
    service.seedDemo();

    const again = service.seedDemo();

    expect(again).toBeNull();
    expect(count('tenants')).toBe(1);
    expect(count('api_keys')).toBe(1);
  });

  it('when a tenant already exists, then it does not seed', () => {
    const { service, count } = tenantService();
    service.createTenant('Flota Existente');

    expect(service.seedDemo()).toBeNull();
    expect(count('tenants')).toBe(1);
    expect(count('api_keys')).toBe(0);
  });

  it('when two fresh databases with the same seed are seeded, then tenant and key ids match (determinism)', () => {
    const a = tenantService().service.seedDemo()!;
    const b = tenantService().service.seedDemo()!;

    expect(b.tenant.id).toBe(a.tenant.id);
    expect(b.key.id).toBe(a.key.id);
    expect(b.key.prefix).toBe(a.key.prefix);
    // The whole key too: every answer identical, the one that shows the secret included (contract §2).
    expect(b.key.key).toBe(a.key.key);
  });
});

describe('the tenants made at one instant (a frozen clock)', () => {
  it('when ten are made after the demo one, then the first is the demo one and the list is newest first, in the order they were made', () => {
    const { service } = tenantService();
    const demo = service.seedDemo()!.tenant;
    const made = Array.from({ length: 10 }, (_, i) => service.createTenant(`Flota ${i}`));

    expect(service.store.firstTenant()?.id).toBe(demo.id);
    expect(service.store.listTenants().map((t) => t.id)).toEqual([...made].reverse().map((t) => t.id).concat(demo.id));
  });
});
