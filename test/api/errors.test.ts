import { describe, expect, it } from 'vitest';
import type { Logger } from '../../server/lib/logger.ts';
import { makeTestApp } from '../support/app.ts';

type TestApp = ReturnType<typeof makeTestApp>;
type Res = { status: number; body: any; headers: Record<string, string>; text: string };

const vehicleBody = (plate = 'ERR-001') => ({ plate, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco' });

/** A message reads as Spanish: Spanish function words or letters, and none of the usual English ones. */
function expectSpanish(message: string) {
  expect(message).toMatch(/[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|debe|un|una|ya|con|se)\b/i);
  expect(message).not.toMatch(/\b(the|invalid|must|required|expected|received|cannot|not found|failed)\b/i);
}

/** No stack frame, file path or JS error name may reach a client. */
function expectNoStack(res: Res) {
  expect(res.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|Error:|stack/i);
}

function expectEnvelope(res: Res, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'details', 'message', 'requestId']);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expectSpanish(res.body.error.message);
  expect(res.body.error.details === null || typeof res.body.error.details === 'object').toBe(true);
  expect(res.body.error.requestId).toMatch(/^req_[0-9a-f]{32}$/);
  expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
  expectNoStack(res);
}

describe('body parsing errors', () => {
  it.each([
    ['a truncated object', '{"plate":"ABC123",'],
    ['single quotes', "{'plate':'ABC123'}"],
    ['a trailing comma', '{"plate":"ABC123",}'],
    ['plain words', 'hola'],
  ])('when POST /v1/vehicles sends malformed JSON (%s), then 400 VALIDATION in the envelope', async (_label, raw) => {
    // Arrange
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();

    // Act
    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json').send(raw);

    // Assert
    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe('El cuerpo de la solicitud no es JSON válido.');
    expect((deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n).toBe(0);
  });

  it('when PATCH sends malformed JSON, then 400 VALIDATION and nothing is saved', async () => {
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();
    const id = (await request.post('/v1/vehicles').set(auth).send(vehicleBody())).body.id;

    const res = await request.patch(`/v1/vehicles/${id}`).set(auth).set('Content-Type', 'application/json').send('{"notes": "x"');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(deps.db.prepare('SELECT notes FROM vehicles WHERE id = ?').get(id)).toEqual({ notes: null });
  });

  it.each([
    ['text/plain', JSON.stringify(vehicleBody())],
    ['application/x-www-form-urlencoded', 'plate=ERR-001&brand=Nissan&model=Versa&year=2022&color=Blanco'],
    ['application/xml', '<vehicle><plate>ERR-001</plate></vehicle>'],
  ])('when POST /v1/vehicles sends Content-Type %s, then 400 VALIDATION and nothing is created', async (type, raw) => {
    // Arrange
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();

    // Act
    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', type).send(raw);

    // Assert
    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toMatch(/JSON/);
    expect((deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n).toBe(0);
  });

  it('when POST /v1/vehicles has no body at all, then 400 VALIDATION', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();

    const res = await request.post('/v1/vehicles').set(auth);

    expectEnvelope(res, 400, 'VALIDATION');
  });

  it.each([
    ['null', 'null', 'null'],
    ['a number', '5', 'un número'],
    ['a string', '"ABC123"', 'un texto'],
    ['a boolean', 'true', 'un valor booleano'],
    ['an array', JSON.stringify([vehicleBody()]), 'un arreglo'],
  ])('when the JSON body is %s, then 400 VALIDATION saying an object is expected, not that it is invalid JSON', async (_label, raw, kind) => {
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();

    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json').send(raw);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe(`El cuerpo debe ser un objeto JSON ({…}); se recibió ${kind}.`);
    expect(res.body.error.details).toEqual([{ field: '(cuerpo)', message: `Se esperaba un objeto JSON, se recibió ${kind}` }]);
    expect((deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n).toBe(0);
  });

  it('when a PATCH body is null, then 400 VALIDATION and nothing is saved', async () => {
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();
    const id = (await request.post('/v1/vehicles').set(auth).send(vehicleBody())).body.id;

    const res = await request.patch(`/v1/vehicles/${id}`).set(auth).set('Content-Type', 'application/json').send('null');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toMatch(/objeto JSON/);
    expect(deps.db.prepare('SELECT notes FROM vehicles WHERE id = ?').get(id)).toEqual({ notes: null });
  });

  it('when the body is over 1 MB, then 413 FILE_TOO_LARGE saying the body passes 1 MB, and nothing is created', async () => {
    // Arrange
    const { request, newTenant, deps } = makeTestApp();
    const { auth } = newTenant();
    const huge = JSON.stringify({ ...vehicleBody(), padding: 'x'.repeat(1024 * 1024) });

    // Act
    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json').send(huge);

    // Assert
    expectEnvelope(res, 413, 'FILE_TOO_LARGE');
    expect(res.body.error.message).toBe('El cuerpo de la solicitud supera el máximo de 1 MB.');
    expect((deps.db.prepare('SELECT COUNT(*) AS n FROM vehicles').get() as { n: number }).n).toBe(0);
  });

  it('when the body is just under 1 MB, then it is parsed (and validated) rather than refused as too large', async () => {
    const { request, newTenant } = makeTestApp();
    const { auth } = newTenant();
    const body = JSON.stringify({ ...vehicleBody(), padding: 'x'.repeat(1_000_000) });

    const res = await request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json').send(body);

    expect(res.status).toBe(201);
  });
});

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
