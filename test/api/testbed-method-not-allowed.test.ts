import type { IncomingMessage, ServerResponse } from 'node:http';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { expectMethodNotAllowed } from '../support/error-envelope.ts';

const ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

// Issue 41 item 2: the control API has the partner API's manners: 405 with the path's methods in Allow.
describe('a method a control path does not have', () => {
  const t = makeTestApp();

  it.each([
    ['put', '/_testbed/clock', 'GET, HEAD'],
    ['delete', '/_testbed/clock/advance', 'POST'],
    ['get', '/_testbed/clock/advance', 'POST'],
    ['patch', '/_testbed/tenants', 'POST, GET, HEAD, DELETE'],
    ['get', `/_testbed/tenants/${ID}`, 'DELETE'],
    ['put', `/_testbed/keys/${ID}/revoke`, 'POST'],
    ['get', '/_testbed/sync', 'POST'],
    ['options', '/_testbed/coverage', 'GET, HEAD'],
    ['post', '/_testbed/snapshots/uno', 'DELETE'],
    ['delete', '/_testbed/platforms/platform_a', 'GET, HEAD'],
    ['post', '/_testbed/openapi.json', 'GET, HEAD'],
    ['put', '/_testbed/Clock/', 'GET, HEAD'],
  ] as const)('when %s %s, then 405 VALIDATION in the envelope with Allow: %s', async (method, path, allow) => {
    const res = await t.request[method as Method](path);

    expectMethodNotAllowed(res, method, path, allow);
  });

  it('when the method is wrong and nothing is under way, then nothing changes (the clock stays)', async () => {
    const before = (await t.request.get('/_testbed/clock')).body.now;

    await t.request.put('/_testbed/clock/advance').send({ duration: '1d' }).expect(405);

    expect((await t.request.get('/_testbed/clock')).body.now).toBe(before);
  });

  it('when a path does not exist under /_testbed, then it is still 404 NOT_FOUND, not 405', async () => {
    const res = await t.request.put('/_testbed/nada');

    expect([res.status, res.body.error.code, res.headers.allow]).toEqual([404, 'NOT_FOUND', undefined]);
  });

  it('when a declared method is used, then its operation answers (HEAD as GET)', async () => {
    expect((await t.request.head('/_testbed/clock')).status).toBe(200);
    expect((await t.request.get('/_testbed/openapi.json')).status).toBe(200);
  });
});

describe('a wrong control method from someone the guard refuses', () => {
  it('when the token is set and missing, then 401 and no Allow: the guard comes first', async () => {
    const t = makeTestApp({ controlToken: 'ctl-0123456789abcdef' });

    const res = await t.request.put('/_testbed/clock');

    expect([res.status, res.body.error.code, res.headers.allow]).toEqual([401, 'UNAUTHORIZED', undefined]);
  });

  it('when there is no token and the caller is remote, then 403 and no Allow', async () => {
    const t = makeTestApp();
    const remote = supertest((req: IncomingMessage, res: ServerResponse) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: '203.0.113.9', configurable: true });
      t.app(req as never, res as never);
    });

    const res = await remote.put('/_testbed/clock');

    expect([res.status, res.body.error.code, res.headers.allow]).toEqual([403, 'FORBIDDEN', undefined]);
  });
});
