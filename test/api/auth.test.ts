import { describe, expect, it } from 'vitest';
import { createClocks } from '../../server/lib/clocks.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { makeTestApp } from '../support/app.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

function expectUnauthorized(res: { status: number; body: any; headers: Record<string, string> }) {
  expect(res.status).toBe(401);
  expect(res.body).toEqual({
    error: { code: 'UNAUTHORIZED', message: expect.any(String), details: null, requestId: expect.any(String) },
  });
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
  // RFC 9110 §11.6.1: a 401 names the scheme it wants.
  expect(res.headers['www-authenticate']).toBe('Bearer realm="v1"');
}

describe('authentication', () => {
  it.each([
    ['no Authorization header', () => undefined],
    ['an empty Authorization header', () => ''],
    ['the Basic scheme with a valid key', (key: string) => `Basic ${key}`],
    ['the key without any scheme', (key: string) => key],
    ['Bearer with nothing after it', () => 'Bearer '],
    ['Bearer with a malformed key', () => 'Bearer not-a-key'],
    ['Bearer with a key missing its secret part', (key: string) => `Bearer ${key.slice(0, 20)}`],
    ['Bearer with a key whose secret is one char short', (key: string) => `Bearer ${key.slice(0, -1)}`],
    ['Bearer with an unknown, well-formed key', () => `Bearer fk_test_0123456789ab_${'A'.repeat(32)}`],
    ['Bearer with a known prefix but a wrong secret', (key: string) => `Bearer ${key.slice(0, -32)}${'Z'.repeat(32)}`],
    ['Bearer with a known test key relabelled live', (key: string) => `Bearer ${key.replace('fk_test_', 'fk_live_')}`],
    ['Bearer with two keys', (key: string) => `Bearer ${key} ${key}`],
  ])('when the request carries %s, then GET /v1/me answers 401 UNAUTHORIZED in the envelope', async (_label, header) => {
    // Arrange
    const t = makeTestApp();
    const { key } = t.newTenant();
    const value = header(key.key);

    // Act
    const req = t.request.get('/v1/me');
    const res = value === undefined ? await req : await req.set('Authorization', value);

    // Assert
    expectUnauthorized(res);
  });

  it.each(['/v1', '/v1/', '/V1/vehicles', '/v1/no-such-route'])('when %s is asked without a key, then 401: the key comes first under /v1', async (path) => {
    expectUnauthorized(await makeTestApp().request.get(path));
  });

  it.each(['/v10', '/v1x/vehicles', '/v2/vehicles'])('when %s is asked without a key, then 404: it is not under /v1', async (path) => {
    const res = await makeTestApp().request.get(path);

    expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('when the scheme is written in lower case, then the key is still accepted', async () => {
    const t = makeTestApp();
    const { key, tenant } = t.newTenant();

    const res = await t.request.get('/v1/me').set('Authorization', `bearer ${key.key}`);

    expect(res.status).toBe(200);
    expect(res.body.tenantId).toBe(tenant.id);
  });

  it('when a key is revoked, then it answers 401 from then on while another key of the tenant still works', async () => {
    // Arrange
    const t = makeTestApp();
    const { tenant, key, auth } = t.newTenant();
    const other = t.tenants.createKey(tenant.id);
    expect((await t.request.get('/v1/me').set(auth)).status).toBe(200);

    // Act
    t.tenants.revokeKey(key.id);
    const revoked = await t.request.get('/v1/me').set(auth);
    const stillValid = await t.request.get('/v1/me').set('Authorization', `Bearer ${other.key}`);

    // Assert
    expectUnauthorized(revoked);
    expect(stillValid.status).toBe(200);
  });

  it('when the tenant is pending, then its key gets 403 TENANT_PENDING, and after approveTenant it gets 200', async () => {
    // Arrange
    const t = makeTestApp();
    const tenant = t.tenants.createTenant('Flota En Revisión', 'pending');
    const key = t.tenants.createKey(tenant.id);
    const auth = { Authorization: `Bearer ${key.key}` };

    // Act
    const pending = await t.request.get('/v1/vehicles').set(auth);
    t.tenants.approveTenant(tenant.id);
    const approved = await t.request.get('/v1/vehicles').set(auth);

    // Assert
    expect(pending.status).toBe(403);
    expect(pending.body.error).toMatchObject({ code: 'TENANT_PENDING', requestId: expect.any(String) });
    expect(pending.body.error.message).toMatch(/revisión/);
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ data: [], hasMore: false });
  });

  describe('keys and tenants changed by another process (the CLI writes the data dir while serve runs)', () => {
    const connections = tempDatabaseFiles();

    /** The app on one connection to a file, and the CLI's tenant service on a second one. */
    function appAndCli() {
      const [appDb, cliDb] = connections(2);
      const t = makeTestApp({ db: appDb });
      return { t, cli: createTenantService({ db: cliDb, clocks: createClocks(cliDb, t.deps.clocks.service), ids: t.deps.ids }) };
    }

    it('when a key that has just been used is revoked by another connection, then its very next request gets 401', async () => {
      // Arrange: the key has been used twice, so whatever the API keeps of it is warm
      const { t, cli } = appAndCli();
      const { key, auth } = t.newTenant();
      expect((await t.request.get('/v1/me').set(auth)).status).toBe(200);
      expect((await t.request.get('/v1/me').set(auth)).status).toBe(200);

      // Act
      cli.revokeKey(key.id);
      const revoked = await t.request.get('/v1/me').set(auth);

      // Assert
      expectUnauthorized(revoked);
    });

    it('when a pending tenant is approved by another connection, then its very next request is served', async () => {
      const { t, cli } = appAndCli();
      const tenant = t.tenants.createTenant('Flota En Revisión', 'pending');
      const auth = { Authorization: `Bearer ${t.tenants.createKey(tenant.id).key}` };
      expect((await t.request.get('/v1/me').set(auth)).status).toBe(403);

      cli.approveTenant(tenant.id);

      expect((await t.request.get('/v1/me').set(auth)).status).toBe(200);
    });
  });

  it('when a pending tenant presents a wrong secret, then it gets 401 rather than revealing TENANT_PENDING', async () => {
    const t = makeTestApp();
    const tenant = t.tenants.createTenant('Flota En Revisión', 'pending');
    const key = t.tenants.createKey(tenant.id);

    // The secret's last character changed, to one it is not (a random secret may end in 'x').
    const wrong = `${key.key.slice(0, -1)}${key.key.endsWith('x') ? 'y' : 'x'}`;
    const res = await t.request.get('/v1/me').set('Authorization', `Bearer ${wrong}`);

    expectUnauthorized(res);
  });
});
