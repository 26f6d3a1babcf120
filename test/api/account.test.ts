import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { listCities } from '../../server/catalog/cities.ts';
import { listColors } from '../../server/catalog/colors.ts';
import supertest from 'supertest';
import { createApp } from '../../server/app.ts';
import { makeDeps, makeTestApp } from '../support/app.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('GET /v1/health', () => {
  it('when called without any key, then answers 200 with status ok and version 1.0.0', async () => {
    // Arrange
    const { request } = makeTestApp();

    // Act
    const res = await request.get('/v1/health');

    // Assert
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '1.0.0' });
  });

  it('when called with an invalid key, then it still answers 200 (health needs no authentication)', async () => {
    const { request } = makeTestApp();

    const res = await request.get('/v1/health').set('Authorization', 'Bearer nope');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });
});

// A bare app (no OpenAPI recorder): these spellings reach a documented route but are not its path.
describe('the keyless paths under /v1 (health, the OpenAPI document)', () => {
  const bare = () => supertest(createApp(makeDeps()));

  it.each(['/v1/health', '/V1/HEALTH', '/v1/health/', '/v1/health?x=/y', '/v1/OpenAPI.JSON', '/v1/openapi.json/'])(
    'when %s is read without a key, then it answers 200, as Express routes that spelling to the keyless route',
    async (path) => {
      expect((await bare().get(path)).status).toBe(200);
    },
  );

  it.each(['/v1/health//', '/v1/%68ealth', '/v1/health/details', '/v1/openapi.json/x', '/v1/healthz'])(
    'when %s is read without a key, then it answers 401: no keyless route answers that spelling',
    async (path) => {
      const res = await bare().get(path);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    },
  );

  it('when health is asked with HEAD without a key, then it answers 200 like GET', async () => {
    expect((await bare().head('/v1/health')).status).toBe(200);
  });

  it.each([
    ['post', '/v1/health'],
    ['delete', '/v1/health'],
    ['patch', '/v1/openapi.json'],
  ] as const)('when %s %s comes without a key, then it answers 401, and 405 with one: the key comes before the route', async (method, path) => {
    const t = makeTestApp();
    const { auth } = t.newTenant();

    const anonymous = await t.request[method](path);
    const keyed = await t.request[method](path).set(auth);

    expect(anonymous.status).toBe(401);
    expect([keyed.status, keyed.headers.allow, keyed.body.error.code]).toEqual([405, 'GET, HEAD', 'VALIDATION']);
  });
});

describe('GET /v1/me', () => {
  it('when called with a default test key, then returns the tenant, key id, prefix, the six scopes and environment test', async () => {
    // Arrange
    const { request, newTenant } = makeTestApp();
    const { tenant, key, auth } = newTenant('Flota Norte');

    // Act
    const res = await request.get('/v1/me').set(auth);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenantId: tenant.id,
      tenantName: 'Flota Norte',
      keyId: key.id,
      keyPrefix: key.prefix,
      scopes: [...SCOPES],
      environment: 'test',
    });
    expect(res.body.tenantId).toMatch(UUID_V4);
    expect(res.body.keyId).toMatch(UUID_V4);
    expect(res.body.keyPrefix).toMatch(/^fk_test_[0-9a-f]{12}$/);
    expect(key.key.startsWith(`${res.body.keyPrefix}_`)).toBe(true);
    expect(res.body.scopes).toHaveLength(6);
  });

  it('when called with a live key, then environment is live and the prefix says live', async () => {
    // Arrange
    const { request, tenants } = makeTestApp();
    const tenant = tenants.createTenant('Flota Live');
    const key = tenants.createKey(tenant.id, undefined, 'live');

    // Act
    const res = await request.get('/v1/me').set('Authorization', `Bearer ${key.key}`);

    // Assert
    expect(res.status).toBe(200);
    expect(res.body.environment).toBe('live');
    expect(res.body.keyPrefix).toMatch(/^fk_live_[0-9a-f]{12}$/);
    expect(res.body.keyId).toBe(key.id);
    expect(res.body.tenantId).toBe(tenant.id);
  });

  it('when the key holds only some scopes, then me lists exactly those', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant('Flota Lectura', ['vehicles:read', 'rides:read']);

    const res = await request.get('/v1/me').set(auth);

    expect(res.status).toBe(200);
    expect(res.body.scopes).toEqual(['vehicles:read', 'rides:read']);
  });

  it('when two tenants call me, then each sees its own tenant and key', async () => {
    const { request, newTenant } = makeTestApp();
    const a = newTenant('Flota A');
    const b = newTenant('Flota B');

    const [resA, resB] = await Promise.all([request.get('/v1/me').set(a.auth), request.get('/v1/me').set(b.auth)]);

    expect(resA.body).toMatchObject({ tenantId: a.tenant.id, tenantName: 'Flota A', keyId: a.key.id });
    expect(resB.body).toMatchObject({ tenantId: b.tenant.id, tenantName: 'Flota B', keyId: b.key.id });
  });
});

describe('GET /v1/catalog/platform_a/*', () => {
  it.each([
    ['/v1/catalog/platform_a/colors', listColors()],
    ['/v1/catalog/platform_a/cities', listCities()],
  ])('when %s is called with a key that has no scopes, then returns 200 {data:[{id,name}]}', async (path, expected) => {
    // Arrange
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant('Flota Sin Permisos', []);

    // Act
    const res = await request.get(path).set(auth);

    // Assert
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data).toEqual(expected);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const item of res.body.data) {
      expect(Object.keys(item).sort()).toEqual(['id', 'name']);
      expect(Number.isInteger(item.id)).toBe(true);
      expect(typeof item.name).toBe('string');
    }
  });

  it.each(['/v1/catalog/platform_a/colors', '/v1/catalog/platform_a/cities'])(
    'when %s is called without a key, then answers 401 UNAUTHORIZED',
    async (path) => {
      const { request } = makeTestApp();

      const res = await request.get(path);

      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    },
  );

  it('when the colours catalog is read, then it contains both grey variants by canonical name', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const res = await request.get('/v1/catalog/platform_a/colors').set(auth);

    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Blanco', 'Gris claro', 'Gris oscuro']));
  });
});
