import { describe, expect, it } from 'vitest';
import type { Logger } from '../../server/lib/logger.ts';
import { makeTestApp } from '../support/app.ts';
import { expectEnvelope, type Res } from '../support/error-envelope.ts';
import { vehicleBody } from '../support/vehicles.ts';

type TestApp = ReturnType<typeof makeTestApp>;

describe('unknown routes', () => {
  it.each([
    ['GET', '/v1/nothing-here'],
    ['GET', '/v1/vehicle'],
    ['DELETE', '/v1/vehicles/3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b/nothing'],
    ['PUT', '/v1/vehicle'],
    ['GET', '/v2/vehicles'],
    ['GET', '/'],
  ])('when %s %s is requested with a valid key, then 404 NOT_FOUND in the envelope', async (method, path) => {
    // Arrange
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    // Act
    const res = await request[method.toLowerCase() as 'get' | 'delete' | 'put'](path).set(auth);

    // Assert
    expectEnvelope(res, 404, 'NOT_FOUND');
  });
});

describe('every error response', () => {
  const cases: [string, number, string, (t: TestApp) => Promise<Res>][] = [
    ['missing key', 401, 'UNAUTHORIZED', (t) => t.request.get('/v1/vehicles')],
    [
      'insufficient scope',
      403,
      'INSUFFICIENT_SCOPE',
      (t) => t.request.get('/v1/vehicles').set(t.newTenant('Sin lectura', ['vehicles:write']).auth),
    ],
    [
      'pending tenant',
      403,
      'TENANT_PENDING',
      (t) => {
        const tenant = t.tenants.createTenant('Pendiente', 'pending');
        return t.request.get('/v1/me').set('Authorization', `Bearer ${t.tenants.createKey(tenant.id).key}`);
      },
    ],
    [
      'absent vehicle',
      404,
      'NOT_FOUND',
      (t) => t.request.get('/v1/vehicles/3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b').set(t.newTenant().auth),
    ],
    ['invalid body', 400, 'VALIDATION', (t) => t.request.post('/v1/vehicles').set(t.newTenant().auth).send({ plate: 'A' })],
    ['invalid query', 400, 'VALIDATION', (t) => t.request.get('/v1/vehicles?limit=0').set(t.newTenant().auth)],
    [
      'duplicate plate',
      409,
      'CONFLICT',
      async (t) => {
        const { auth } = t.newTenant();
        await t.request.post('/v1/vehicles').set(auth).send(vehicleBody('DUP-001'));
        return t.request.post('/v1/vehicles').set(auth).send(vehicleBody('dup001'));
      },
    ],
    [
      'colour locked',
      409,
      'VEHICLE_COLOR_LOCKED',
      async (t) => {
        const { auth } = t.newTenant();
        const id = (await t.request.post('/v1/vehicles').set(auth).send(vehicleBody())).body.id;
        t.deps.db.prepare("UPDATE vehicle_registrations SET status = 'pending' WHERE vehicle_id = ? AND platform = 'platform_a'").run(id);
        return t.request.patch(`/v1/vehicles/${id}`).set(auth).send({ color: 'Negro' });
      },
    ],
  ];

  it.each(cases)('when the error is %s, then %i %s with code, Spanish message, details, requestId = X-Request-Id, no stack', async (_label, status, code, call) => {
    // Arrange
    const t = makeTestApp();

    // Act
    const res = await call(t);

    // Assert
    expectEnvelope(res, status, code);
  });

  it('when two requests fail, then each carries its own requestId', async () => {
    const { request } = makeTestApp();

    const [a, b] = await Promise.all([request.get('/v1/me'), request.get('/v1/me')]);

    expect(a.body.error.requestId).not.toBe(b.body.error.requestId);
  });

  it('when a request succeeds, then it also carries an X-Request-Id header', async () => {
    const { request } = makeTestApp();

    const res = await request.get('/v1/health');

    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it('when an unexpected error happens, then 500 INTERNAL with a generic message, and the stack goes only to the log', async () => {
    // Arrange
    const logged: { msg: string; fields?: Record<string, unknown> }[] = [];
    const logger: Logger = { info() {}, warn() {}, error: (msg, fields) => void logged.push({ msg, fields }) };
    const t = makeTestApp({ logger });
    const { auth } = t.newTenant();
    await t.request.post('/v1/vehicles').set(auth).send(vehicleBody());
    t.deps.db.exec('DROP TABLE vehicle_registrations');

    // Act
    const res = await t.request.get('/v1/vehicles').set(auth);

    // Assert
    expectEnvelope(res, 500, 'INTERNAL');
    expect(res.body.error.details).toBeNull();
    expect(res.text).not.toMatch(/vehicle_registrations|SQLITE|no such table/i);
    expect(logged).toHaveLength(1);
    expect(logged[0].fields?.requestId).toBe(res.body.error.requestId);
    expect(String(logged[0].fields?.error)).toMatch(/vehicle_registrations/);
  });
});
