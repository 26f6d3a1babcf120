import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../server/auth/scopes.ts';
import { makeTestApp } from '../support/app.ts';
import { vehicleBody } from '../support/vehicles.ts';

type TestApp = ReturnType<typeof makeTestApp>;

async function createVehicle(t: TestApp, auth: Record<string, string>, plate: string): Promise<string> {
  const res = await t.request.post('/v1/vehicles').set(auth).send(vehicleBody(plate));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('scopes on vehicle endpoints', () => {
  const allBut = (scope: Scope) => SCOPES.filter((s) => s !== scope);

  it.each([
    ['GET /v1/vehicles', 'vehicles:read' as Scope, (t: TestApp, _id: string) => t.request.get('/v1/vehicles')],
    ['GET /v1/vehicles/{id}', 'vehicles:read' as Scope, (t: TestApp, id: string) => t.request.get(`/v1/vehicles/${id}`)],
    [
      'POST /v1/vehicles',
      'vehicles:write' as Scope,
      (t: TestApp, _id: string) => t.request.post('/v1/vehicles').send(vehicleBody('SCOPE02')),
    ],
    [
      'PATCH /v1/vehicles/{id}',
      'vehicles:write' as Scope,
      (t: TestApp, id: string) => t.request.patch(`/v1/vehicles/${id}`).send({ notes: 'x' }),
    ],
  ])('when %s is called with a key lacking %s, then answers 403 INSUFFICIENT_SCOPE', async (_label, scope, call) => {
    // Arrange
    const t = makeTestApp();
    const owner = t.newTenant('Flota', [...SCOPES]);
    const id = await createVehicle(t, owner.auth, 'SCOPE01');
    const limitedKey = t.tenants.createKey(owner.tenant.id, allBut(scope));

    // Act
    const res = await call(t, id).set('Authorization', `Bearer ${limitedKey.key}`);

    // Assert
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
    expect(res.body.error.message).toContain(scope);
    expect(res.body.error.requestId).toEqual(expect.any(String));
    const rows = t.deps.db.prepare('SELECT plate, notes FROM vehicles').all();
    expect(rows).toEqual([{ plate: 'SCOPE01', notes: null }]);
  });

  it.each([
    ['GET /v1/vehicles', ['vehicles:read'] as Scope[], (t: TestApp, _id: string) => t.request.get('/v1/vehicles'), 200],
    ['GET /v1/vehicles/{id}', ['vehicles:read'] as Scope[], (t: TestApp, id: string) => t.request.get(`/v1/vehicles/${id}`), 200],
    [
      'POST /v1/vehicles',
      ['vehicles:write'] as Scope[],
      (t: TestApp, _id: string) => t.request.post('/v1/vehicles').send(vehicleBody('SCOPE03')),
      201,
    ],
    [
      'PATCH /v1/vehicles/{id}',
      ['vehicles:write'] as Scope[],
      (t: TestApp, id: string) => t.request.patch(`/v1/vehicles/${id}`).send({ notes: 'x' }),
      200,
    ],
  ])('when %s is called with a key holding only %j, then it succeeds', async (_label, scopes, call, status) => {
    const t = makeTestApp();
    const owner = t.newTenant('Flota');
    const id = await createVehicle(t, owner.auth, 'SCOPE01');
    const key = t.tenants.createKey(owner.tenant.id, scopes);

    const res = await call(t, id).set('Authorization', `Bearer ${key.key}`);

    expect(res.status).toBe(status);
  });
});

describe('key storage', () => {
  it('when a key is created, then the api_keys row holds only its sha256 hash and no table contains the secret', () => {
    // Arrange
    const t = makeTestApp();
    const { key } = t.newTenant();
    const secretTail = key.key.slice(key.prefix.length + 1);

    // Act
    const row = t.deps.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<string, unknown>;
    const tables = (
      t.deps.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((r) => r.name);
    const dump = tables
      .flatMap((name) => t.deps.db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
      .flatMap((r) => Object.values(r))
      .map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') + v.toString('hex') : String(v)))
      .join('\n');

    // Assert
    expect(key.key).toMatch(/^fk_test_[0-9a-f]{12}_[A-Za-z0-9]{32}$/);
    expect(secretTail).toHaveLength(32);
    expect(row.prefix).toBe(key.prefix);
    expect(Buffer.isBuffer(row.secret_hash)).toBe(true);
    expect((row.secret_hash as Buffer).equals(createHash('sha256').update(key.key).digest())).toBe(true);
    expect(dump).not.toContain(secretTail);
    expect(dump).not.toContain(key.key);
  });

  it('when two keys are created for one tenant, then their secrets differ', () => {
    const t = makeTestApp();
    const { tenant, key } = t.newTenant();

    const second = t.tenants.createKey(tenant.id);

    expect(second.key).not.toBe(key.key);
    expect(second.prefix).not.toBe(key.prefix);
  });
});
