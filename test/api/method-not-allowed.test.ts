import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { expectMethodNotAllowed } from '../support/error-envelope.ts';

const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

// A method a known path was not declared with (issue 22 item 6): 405 with the path's methods in Allow.
describe('a method the path does not have', () => {
  it.each([
    ['put', `/v1/vehicles/${ID}`, 'GET, HEAD, PATCH'],
    ['delete', `/v1/vehicles/${ID}`, 'GET, HEAD, PATCH'],
    ['put', '/v1/vehicles', 'GET, HEAD, POST'],
    ['delete', '/v1/me', 'GET, HEAD'],
    ['patch', `/v1/drivers/${ID}/invitations/platform_a`, 'GET, HEAD, DELETE'],
    ['get', `/v1/drivers/${ID}/invitations/platform_a/refresh`, 'POST'],
    ['get', '/v1/vehicles/registrations/batch', 'POST'],
    ['post', `/v1/assignments/${ID}`, 'GET, HEAD, DELETE'],
    ['options', '/v1/rides', 'GET, HEAD'],
    ['put', '/V1/Vehicles/', 'GET, HEAD, POST'],
    ['post', '/v1/health', 'GET, HEAD'],
    ['patch', '/v1/openapi.json', 'GET, HEAD'],
  ] as const)('when %s %s comes with a key, then 405 VALIDATION in the envelope with Allow: %s', async (method, path, allow) => {
    const t = makeTestApp();

    const res = await t.request[method as Method](path).set(t.newTenant().auth);

    expectMethodNotAllowed(res, method, path, allow);
  });

  it.each([
    ['put', `/v1/vehicles/${ID}`],
    ['delete', '/v1/vehicles'],
    ['post', '/v1/health'],
    ['patch', '/v1/openapi.json'],
  ] as const)('when %s %s comes without a key, then 401 and no Allow: an anonymous caller learns nothing of the routes', async (method, path) => {
    const res = await makeTestApp().request[method](path);

    expect([res.status, res.body.error.code, res.headers.allow]).toEqual([401, 'UNAUTHORIZED', undefined]);
  });

  it('when the key lacks the scope of the path\'s operations, then the wrong method is still 405, not 403', async () => {
    const t = makeTestApp();

    const res = await t.request.put(`/v1/vehicles/${ID}`).set(t.newTenant('Sin permiso', ['rides:read']).auth);

    expect([res.status, res.headers.allow]).toEqual([405, 'GET, HEAD, PATCH']);
  });

  it('when a declared method is used on the same path, then its operation answers (HEAD as GET)', async () => {
    const t = makeTestApp();
    const { auth } = t.newTenant();

    expect((await t.request.get(`/v1/vehicles/${ID}`).set(auth)).status).toBe(404);
    expect((await t.request.head('/v1/vehicles').set(auth)).status).toBe(200);
  });

  it('when the path is unknown, then it stays 404 NOT_FOUND, without Allow', async () => {
    const t = makeTestApp();

    const res = await t.request.put(`/v1/vehicles/${ID}/nothing`).set(t.newTenant().auth);

    expect([res.status, res.body.error.code, res.headers.allow]).toEqual([404, 'NOT_FOUND', undefined]);
  });
});
