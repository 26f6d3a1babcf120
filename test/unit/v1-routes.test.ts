import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isV1Path, v1RouteTable } from '../../server/http/v1-routes.ts';

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
});
