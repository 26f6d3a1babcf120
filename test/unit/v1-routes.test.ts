import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isV1Path, keylessPaths, v1RouteTable } from '../../server/http/v1-routes.ts';

describe('isV1Path', () => {
  it.each(['/v1', '/v1/', '/v1/vehicles', '/V1/vehicles/abc'])('when the path is %s, then it is under /v1', (path) => {
    expect(isV1Path(path)).toBe(true);
  });

  it.each(['/', '/v10', '/v1x/vehicles', '/docs', '/_testbed/clock', '/v2/vehicles'])('when the path is %s, then it is not', (path) => {
    expect(isV1Path(path)).toBe(false);
  });
});

describe('v1RouteTable', () => {
  it('when a resource adds a route, then the app answers it under /v1 and not at the bare path', async () => {
    const app = express();
    const routes = v1RouteTable(app);
    routes.get('/things/:id', (req, res) => void res.json({ id: req.params.id }));
    routes.post('/things', (_req, res) => void res.status(201).json({ created: true }));

    expect((await request(app).get('/v1/things/7')).body).toEqual({ id: '7' });
    expect((await request(app).post('/v1/things')).status).toBe(201);
    expect((await request(app).get('/things/7')).status).toBe(404);
  });

  it('when one path gets routes for several methods, from one resource or two, then the app holds one route for it and answers each method', async () => {
    const app = express();
    const routes = v1RouteTable(app);
    routes.get('/things', (_req, res) => void res.json({ listed: true }));
    routes.post('/things', (_req, res) => void res.status(201).json({ created: true }));
    v1RouteTable(app).get('/other', (_req, res) => void res.json({}));
    routes.delete('/things', (_req, res) => void res.status(204).end());

    const paths = (app as unknown as { router: { stack: { route?: { path: string } }[] } }).router.stack.flatMap((l) => (l.route ? [l.route.path] : []));
    expect(paths).toEqual(['/v1/things', '/v1/other']);
    expect((await request(app).get('/v1/things')).body).toEqual({ listed: true });
    expect((await request(app).post('/v1/things')).status).toBe(201);
    expect((await request(app).delete('/v1/things')).status).toBe(204);
    expect((await request(app).patch('/v1/things')).status).toBe(404);
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
