import type { IncomingMessage, ServerResponse } from 'node:http';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sessionOf } from '../../server/dashboard/guard.ts';
import { makeTestApp } from '../support/app.ts';

const TOKEN = 'ctl-dashboard-0123456789';

/** The app reached as if from another machine: the socket's peer address is overridden. */
const fromAddress = (app: ReturnType<typeof makeTestApp>['app'], address: string) =>
  supertest((req: IncomingMessage, res: ServerResponse) => {
    Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true });
    app(req as never, res as never);
  });

describe('/dashboard without FLEET_CONTROL_TOKEN: loopback only', () => {
  const t = makeTestApp();

  it('when a loopback browser opens it, then 200 with the worlds page in Spanish', async () => {
    const res = await t.request.get('/dashboard');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<html lang="es">');
    expect(res.text).toContain('<h1>Mundos</h1>');
    // No other site's page may frame it (a click on a decoy is a click on its own page).
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['203.0.113.9', '10.0.0.5', '::ffff:192.168.1.20'])('when the peer is %s, then 403 FORBIDDEN as an HTML page', async (address) => {
    const res = await fromAddress(t.app, address).get('/dashboard');

    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('FORBIDDEN');
    expect(res.text).toContain('solo acepta conexiones locales');
  });

  it('when a loopback request names another host (DNS rebinding), then 403 and no world is created', async () => {
    const before = t.tenants.store.listTenants().length;

    const res = await t.request.post('/dashboard/worlds').set('Host', 'evil.example:3000').type('form').send({ name: 'Rebind' });

    expect(res.status).toBe(403);
    expect(res.text).toContain('127.0.0.1');
    expect(t.tenants.store.listTenants()).toHaveLength(before);
  });

  it('when a request carries an Authorization header, then 403, as on the control API', async () => {
    const { auth } = t.newTenant();

    const res = await t.request.get('/dashboard').set(auth);

    expect(res.status).toBe(403);
    expect(res.text).toContain('no acepta claves de API');
  });

  it.each([
    ['an Origin of another site', { Origin: 'http://evil.example' }],
    ['a null Origin', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('when an action comes with %s, then 403 and nothing changes', async (_kind, headers) => {
    const before = t.tenants.store.listTenants().length;

    const res = await t.request.post('/dashboard/worlds').set(headers).type('form').send({ name: 'Cruzado' });

    expect(res.status).toBe(403);
    expect(res.text).toContain('desde sus propias páginas');
    expect(t.tenants.store.listTenants()).toHaveLength(before);
  });

  it('when an action comes from the dashboard own origin, then it is done', async () => {
    const headers = { Host: 'localhost:3000', Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' };

    const res = await t.request.post('/dashboard/worlds').set(headers).type('form').send({ name: 'Propio' });

    expect(res.status).toBe(200);
    expect(t.tenants.store.listTenants().some((x) => x.name === 'Propio')).toBe(true);
  });
});

describe('/dashboard with FLEET_CONTROL_TOKEN', () => {
  const t = makeTestApp({ controlToken: TOKEN });
  const remote = () => fromAddress(t.app, '203.0.113.9');

  it('when a browser comes with no credentials, then 401 saying how to open it', async () => {
    const res = await remote().get('/dashboard');

    expect(res.status).toBe(401);
    expect(res.text).toContain('/dashboard?token=');
  });

  it('when ?token= is right, then 303 to the same page without it, and an HttpOnly SameSite=Strict cookie that is not the token', async () => {
    const res = await remote().get(`/dashboard/worlds?token=${TOKEN}&x=1`);

    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard/worlds?x=1');
    const cookie = res.headers['set-cookie'][0];
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=${sessionOf(TOKEN)};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/dashboard/);
    expect(cookie).not.toContain(TOKEN);
  });

  it('when ?token= is wrong, then 401 and no cookie', async () => {
    const res = await remote().get(`/dashboard?token=${TOKEN}x`);

    expect(res.status).toBe(401);
    expect(res.text).toContain('no coincide');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('when the session cookie comes back, from any address, then the page is served', async () => {
    const res = await remote().get('/dashboard').set('Cookie', `otra=1; ${SESSION_COOKIE}=${sessionOf(TOKEN)}`);

    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Mundos</h1>');
  });

  it.each([
    ['a cookie made from another token', sessionOf(`${TOKEN}x`)],
    ['the token itself as the cookie', TOKEN],
  ])('when the request brings %s, then 401', async (_kind, value) => {
    const res = await remote().get('/dashboard').set('Cookie', `${SESSION_COOKIE}=${value}`);

    expect(res.status).toBe(401);
  });

  it('when the bearer token is sent, then the page is served; a wrong one is 401', async () => {
    expect((await remote().get('/dashboard').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(200);
    expect((await remote().get('/dashboard').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(401);
  });

  it('when the session cookie is offered to /_testbed as a bearer, then 401: it opens the dashboard only', async () => {
    const res = await remote().get('/_testbed/clock').set('Authorization', `Bearer ${sessionOf(TOKEN)}`);

    expect(res.status).toBe(401);
  });

  it('when ?token= comes on a POST, then 401: the token is exchanged on page loads only', async () => {
    const res = await remote().post(`/dashboard/worlds?token=${TOKEN}`).type('form').send({ name: 'X' });

    expect(res.status).toBe(401);
  });
});
