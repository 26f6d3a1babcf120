import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';

const FRONT = 'http://localhost:5173';

const preflight = (t: ReturnType<typeof makeTestApp>, origin: string) =>
  t.request
    .options('/v1/vehicles')
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'authorization,content-type');

describe('CORS with FLEET_CORS_ORIGINS listing origins', () => {
  const t = makeTestApp({ corsOrigins: [FRONT, 'https://panel.example.com'] });

  it('when a listed origin sends a preflight without a key, then 204 allows the method and the Authorization header', async () => {
    const res = await preflight(t, FRONT);

    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('when a listed origin calls without a key, then the 401 error carries Access-Control-Allow-Origin', async () => {
    const res = await t.request.get('/v1/vehicles').set('Origin', FRONT);

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
  });

  it('when a listed origin calls with a key, then the answer carries the origin and exposes the request id and rate-limit headers', async () => {
    const { auth } = t.newTenant();

    const res = await t.request.get('/v1/vehicles').set(auth).set('Origin', 'https://panel.example.com');

    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://panel.example.com');
    expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(res.headers['access-control-expose-headers']).toContain('Retry-After');
    expect(res.headers['access-control-expose-headers']).toContain('X-Testbed-Fault');
    expect(res.headers['access-control-expose-headers']).toContain('X-Testbed-Unknown-Query');
    expect(res.headers['access-control-expose-headers']).toContain('X-Testbed-Unknown-Fields');
    expect(res.headers['access-control-expose-headers']).toContain('X-Testbed-Platform-Fault');
    expect(res.headers.vary).toContain('Origin');
  });

  it('when an origin not listed calls, then no answer allows it', async () => {
    const ask = await preflight(t, 'http://evil.example');
    const call = await t.request.get('/v1/health').set('Origin', 'http://evil.example');

    expect(ask.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with FLEET_CORS_ORIGINS=*', () => {
  const t = makeTestApp({ corsOrigins: '*' });

  it('when any origin sends a preflight or a call, then Access-Control-Allow-Origin is *', async () => {
    const ask = await preflight(t, 'http://anything.test:8080');
    const call = await t.request.get('/v1/vehicles').set('Origin', 'http://anything.test:8080');

    expect(ask.status).toBe(204);
    expect(ask.headers['access-control-allow-origin']).toBe('*');
    expect(call.status).toBe(401);
    expect(call.headers['access-control-allow-origin']).toBe('*');
  });

  it('when a page of another site asks the control API or the dashboard, then no answer allows it; a page on this machine may call the control API', async () => {
    const control = await t.request.get('/_testbed/tenants').set('Origin', 'http://anything.test:8080');
    const dashboard = await t.request.get('/dashboard').set('Origin', 'http://anything.test:8080');
    const ask = await t.request.options('/_testbed/tenants').set('Origin', 'http://anything.test:8080').set('Access-Control-Request-Method', 'POST');
    const local = await t.request.options('/_testbed/reset').set('Origin', FRONT).set('Access-Control-Request-Method', 'POST');
    const localCall = await t.request.get('/_testbed/clock').set('Origin', FRONT);
    const localDashboard = await t.request.get('/dashboard').set('Origin', FRONT);

    expect(control.status).toBe(403);
    for (const res of [control, dashboard, ask, localDashboard]) expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect([local.status, local.headers['access-control-allow-origin']]).toEqual([204, FRONT]);
    expect([localCall.status, localCall.headers['access-control-allow-origin']]).toEqual([200, FRONT]);
  });
});

describe('CORS with FLEET_CORS_ORIGINS unset', () => {
  const t = makeTestApp();

  it('when a browser origin asks, then no CORS header is sent and the preflight is not answered as one', async () => {
    const ask = await preflight(t, FRONT);
    const call = await t.request.get('/v1/health').set('Origin', FRONT);

    expect(ask.status).toBe(401);
    expect(ask.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});
