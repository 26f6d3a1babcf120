import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hostileAuthorization, hostileBody, hostilePathId, poisonQuery, queryNoise, type BodyFields, type RawBody,
} from '../support/arbitraries.ts';
import { makeTestApp } from '../support/app.ts';
import { cachedPrepare } from '../../server/db/statements.ts';

type Method = 'get' | 'post' | 'patch' | 'delete';
interface Answer { status: number; body: any; headers: Record<string, string> }

const RUNS = { numRuns: 40 };
let t: ReturnType<typeof makeTestApp>;
let auth: Record<string, string>;
const ids = { vehicle: '', driver: '', assignment: '' };

/** Every row of every table: a refused request must leave all of it, counters included, untouched. */
function snapshot(): string {
  const tables = cachedPrepare(t.deps.db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return JSON.stringify(tables.map(({ name }) => [name, cachedPrepare(t.deps.db, `SELECT * FROM "${name}"`).all()]));
}

function send(method: Method, url: string, headers: Record<string, string>, body?: RawBody) {
  const req = t.request[method](url).set(headers);
  if (!body) return req;
  if (body.contentEncoding) req.set('Content-Encoding', body.contentEncoding);
  return req.set('Content-Type', body.contentType).send(body.payload);
}

function expectEnvelope(res: Answer) {
  expect(res.body?.error).toMatchObject({ code: expect.any(String), message: expect.any(String), requestId: res.headers['x-request-id'] });
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

/** The property every hostile request must satisfy: a 4xx in the envelope, and no write at all. */
async function refused(request: () => PromiseLike<Answer>): Promise<Answer> {
  const before = snapshot();
  const res = await request();
  if (res.status < 400 || res.status >= 500) throw new Error(`expected a 4xx, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  expectEnvelope(res);
  expect(snapshot()).toBe(before);
  return res;
}

/** fast-check reads a property's return value as its verdict, so this one returns nothing. */
async function expectRefused(request: () => PromiseLike<Answer>): Promise<void> {
  await refused(request);
}

const VEHICLE_CREATE: BodyFields = { plate: 'text', brand: 'text', model: 'text', year: 'int', color: 'text', colorId: 'int', city: 'text', vin: 'text', platforms: 'list' };
const VEHICLE_PATCH: BodyFields = {
  city: 'text', color: 'text', colorId: 'int', vin: { kind: 'text', nullable: true }, status: 'text',
  notes: { kind: 'text', nullable: true }, plate: 'text', year: 'int',
};
const DRIVER_CREATE: BodyFields = { name: 'text', whatsapp: 'text', city: 'text', email: 'text', license: 'text', vehicleId: 'uuid' };
const DRIVER_PATCH: BodyFields = { name: 'text', whatsapp: 'text', email: { kind: 'text', nullable: true }, city: 'text', license: { kind: 'text', nullable: true } };
const ASSIGNMENT_CREATE: BodyFields = { vehicleId: 'uuid', driverId: 'uuid' };

beforeAll(async () => {
  t = makeTestApp();
  ({ auth } = t.newTenant());
  const vehicle = await t.request.post('/v1/vehicles').set(auth).send({ plate: 'HST123', brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco' });
  const driver = await t.request.post('/v1/drivers').set(auth).send({ name: 'Ana Pérez', whatsapp: '5512345678', city: 'Ciudad de México' });
  const assignment = await t.request.post('/v1/assignments').set(auth).send({ vehicleId: vehicle.body.id, driverId: driver.body.id });
  expect([vehicle.status, driver.status, assignment.status]).toEqual([201, 201, 201]);
  Object.assign(ids, { vehicle: vehicle.body.id, driver: driver.body.id, assignment: assignment.body.id });
});

describe('hostile input: every answer is a 4xx in the envelope and nothing is written', () => {
  it.each([
    ['/v1/vehicles', { status: ['bogus', 'ACTIVO', 'pending_platform_a&status=activo'], plate: ['x'.repeat(21)] }],
    ['/v1/drivers', { whatsapp: ['123', '%2B99', 'abc'] }],
    ['/v1/assignments', { vehicleId: ['x', '%00'], driverId: ['1'], status: ['open', ''] }],
  ])('when GET %s gets a garbage query string, then it is refused', async (path, extra) => {
    await fc.assert(fc.asyncProperty(poisonQuery(extra), (query) => expectRefused(() => send('get', `${path}?${query}`, auth))), RUNS);
  });

  it.each([
    ['/v1/vehicles', VEHICLE_CREATE],
    ['/v1/drivers', DRIVER_CREATE],
    ['/v1/assignments', ASSIGNMENT_CREATE],
  ])('when POST %s gets a hostile body, then it is refused', async (path, fields) => {
    await fc.assert(fc.asyncProperty(hostileBody(fields), (body) => expectRefused(() => send('post', path, auth, body))), RUNS);
  });

  it.each([
    ['vehicles', 'vehicle', VEHICLE_PATCH],
    ['drivers', 'driver', DRIVER_PATCH],
  ] as const)('when PATCH /v1/%s/{existing id} gets a hostile body, then it is refused', async (resource, id, fields) => {
    await fc.assert(
      fc.asyncProperty(hostileBody(fields), (body) => expectRefused(() => send('patch', `/v1/${resource}/${ids[id]}`, auth, body))),
      RUNS,
    );
  });

  it.each([
    ['get', '/v1/vehicles'], ['patch', '/v1/vehicles'], ['get', '/v1/drivers'], ['patch', '/v1/drivers'],
    ['get', '/v1/assignments'], ['delete', '/v1/assignments'],
  ] as const)('when %s %s/{id} gets a garbage path id, then it is refused', async (method, path) => {
    const body = fc.option(hostileBody({ notes: 'text' }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(hostilePathId, body, (id, b) => expectRefused(() => send(method, `${path}/${id}`, auth, b))),
      RUNS,
    );
  });

  const EVERY_ENDPOINT = [
    ['get', '/v1/me'], ['get', '/v1/catalog/platform_a/cities'], ['get', '/v1/catalog/platform_a/colors'],
    ['get', '/v1/vehicles'], ['post', '/v1/vehicles'], ['get', '/v1/drivers'], ['post', '/v1/drivers'],
    ['get', '/v1/assignments'], ['post', '/v1/assignments'],
  ] as const;

  it('when any endpoint gets a hostile Authorization header, then it is 401 in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EVERY_ENDPOINT), hostileAuthorization, ([method, path], value) =>
        expectRefused(() => send(method, path, { Authorization: value })),
      ),
      RUNS,
    );
  });

  it.each([
    ['post', '/v1/vehicles'], ['post', '/v1/drivers'], ['post', '/v1/assignments'],
    ['patch', '/v1/vehicles/{vehicle}'], ['patch', '/v1/drivers/{driver}'],
  ] as const)('when %s %s gets a JSON body over 1 MB, then it is 413 in the envelope', async (method, template) => {
    const path = template.replace(/\{(vehicle|driver)\}/, (_m, name: 'vehicle' | 'driver') => ids[name]);
    const payload = JSON.stringify({ notes: 'x'.repeat(1024 * 1024 + 1) });
    const res = await refused(() => send(method, path, auth, { contentType: 'application/json', payload }));
    expect(res.status).toBe(413);
  });
});

describe('hostile input on endpoints that ignore their input', () => {
  it.each([
    ['/v1/me', (b: any) => expect(b.keyPrefix).toEqual(expect.any(String))],
    ['/v1/catalog/platform_a/cities', (b: any) => expect(b.data.length).toBeGreaterThan(0)],
    ['/v1/catalog/platform_a/colors', (b: any) => expect(b.data.length).toBeGreaterThan(0)],
  ])('when GET %s gets garbage query and body, then it answers 200 or a 4xx envelope, never a 5xx, and writes nothing', async (path, check) => {
    const body = fc.option(hostileBody({ x: 'text' }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(fc.array(queryNoise, { maxLength: 5 }), body, async (noise, b) => {
        const before = snapshot();
        const res = await send('get', `${path}?${noise.join('&')}`, auth, b);
        if (res.status === 200) check(res.body);
        else if (res.status >= 400 && res.status < 500) expectEnvelope(res);
        else throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
        expect(snapshot()).toBe(before);
      }),
      RUNS,
    );
  });
});
