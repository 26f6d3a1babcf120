import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { createErrorHandler } from '../../server/http/error-handler.ts';
import { keylessPaths, publicPaths, serveOperations } from '../../server/http/v1-routes.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import { defineOperation, type OperationSpec } from '../../server/openapi/registry.ts';
import type { Services } from '../../server/services.ts';

const thing = (method: OperationSpec['method'], path: OperationSpec['path'], scope: OperationSpec['scope'] = 'key') =>
  defineOperation({
    method, path, scope, operationId: `${method}${path}`, tags: ['Things'], summary: 'Una cosa', responses: { 200: undefined },
    handler: (req, res, services) => void res.json({ method: req.method, params: req.params, services: Object.keys(services) }),
  });

/** An app serving `operations` behind a stand-in gate that gives every request a key with `scopes`. */
function appServing(operations: OperationSpec[], scopes: Scope[] = []) {
  const app = express();
  app.use((req, _res, next) => {
    req.auth = { tenantId: 't', tenantName: 'T', keyId: 'k', keyPrefix: 'p', scopes, environment: 'test' };
    next();
  });
  serveOperations(app, operations, { things: {} } as unknown as Services);
  app.use(createErrorHandler(silentLogger));
  return request(app);
}

describe('serveOperations', () => {
  it('when an operation is declared, then the app answers it at its path, with the services, and not at the bare path', async () => {
    const app = appServing([thing('get', '/v1/things/{id}')]);

    const res = await app.get('/v1/things/7');

    expect(res.body).toEqual({ method: 'GET', params: { id: '7' }, services: ['things'] });
    expect((await app.get('/things/7')).status).toBe(404);
  });

  it('when one path is declared with several methods, then the app holds one route for it and answers each method', async () => {
    const app = express();
    const ops = [thing('get', '/v1/things'), thing('post', '/v1/things'), thing('get', '/v1/other'), thing('delete', '/v1/things')];
    serveOperations(app, ops, {} as Services);

    const paths = (app as unknown as { router: { stack: { route?: { path: string } }[] } }).router.stack.flatMap((l) => (l.route ? [l.route.path] : []));
    expect(paths).toEqual(['/v1/things', '/v1/other']);
    for (const method of ['get', 'post', 'delete'] as const) expect((await request(app)[method]('/v1/things')).status).toBe(200);
  });

  it.each([
    ['put', '/v1/things/7', 'GET, HEAD, PATCH'],
    ['post', '/v1/things/7', 'GET, HEAD, PATCH'],
    ['options', '/v1/things/7', 'GET, HEAD, PATCH'],
    ['get', '/v1/batch', 'POST'],
    ['head', '/v1/batch', 'POST'],
  ] as const)('when %s %s is not declared, then 405 VALIDATION in the envelope and Allow: %s', async (method, path, allow) => {
    const app = appServing([thing('get', '/v1/things/{id}'), thing('patch', '/v1/things/{id}'), thing('post', '/v1/batch')]);

    const res = await app[method](path);

    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    if (method !== 'head') expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: null, message: expect.stringContaining(allow) });
  });

  it('when HEAD comes for a path declared with GET, then the GET operation answers it', async () => {
    expect((await appServing([thing('get', '/v1/things/{id}')]).head('/v1/things/7')).status).toBe(200);
  });

  it('when the key lacks the declared scope, then 403 INSUFFICIENT_SCOPE naming it; with the scope, the handler answers', async () => {
    const op = thing('get', '/v1/things', 'vehicles:read');

    const lacking = await appServing([op], ['drivers:read']).get('/v1/things');
    const holding = await appServing([op], ['vehicles:read']).get('/v1/things');

    expect([lacking.status, lacking.body.error.code, lacking.body.error.details]).toEqual([403, 'INSUFFICIENT_SCOPE', { requiredScope: 'vehicles:read' }]);
    expect(holding.status).toBe(200);
  });
});

describe('publicPaths', () => {
  it('when operations are public, then their paths in lower case are the keyless ones; key and scoped ones are not', () => {
    expect(publicPaths([thing('get', '/v1/Health', 'public'), thing('get', '/v1/me'), thing('get', '/v1/x', 'rides:read')])).toEqual(['/v1/health']);
  });

  it('when a public operation has a path parameter, then it fails at start and names the path', () => {
    expect(() => publicPaths([thing('get', '/v1/status/{id}', 'public')])).toThrow('/v1/status/{id}');
  });
});

describe('keylessPaths', () => {
  const isKeyless = keylessPaths(['/v1/health', '/v1/openapi.json']);

  it.each(['/v1/health', '/v1/health/', '/V1/Health', '/v1/OPENAPI.JSON/'])('when the path is %s, then it is keyless (as Express would route it)', (path) => {
    expect(isKeyless(path)).toBe(true);
  });

  it.each(['/v1/health//', '/v1/health/x', '/v1/healthz', '/v1/healt', '/v1/vehicles', '/v1/openapi.json.bak', '/v1/%68ealth'])('when the path is %s, then it needs a key', (path) => {
    expect(isKeyless(path)).toBe(false);
  });
});
