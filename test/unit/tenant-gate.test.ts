import express, { type RequestHandler } from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTenantGates } from '../../server/world-snapshots/tenant-gate.ts';
import { counted } from '../../server/http/handler-at-work.ts';

/** An app whose requests name their world in a header; `/slow` finishes when the test says so. */
function gatedApp(recheck: RequestHandler = (_req, _res, next) => next()) {
  const gates = createTenantGates();
  const events: string[] = [];
  const arrivals: string[] = [];
  const slowDone: (() => void)[] = [];
  const app = express();
  // The paths whose answer the server has seen closed (a client that gave up, too).
  const closed: string[] = [];
  app.use((req, res, next) => void (res.once('close', () => closed.push(req.path)), next()));
  app.use((req, _res, next) => {
    req.auth = { tenantId: String(req.headers['x-world']), tenantName: '', keyId: '', keyPrefix: '', scopes: [], environment: 'test' };
    arrivals.push(req.auth.tenantId);
    next();
  });
  app.use(gates.admit(recheck));
  app.get('/slow', async (req, res) => {
    events.push(`slow ${req.auth.tenantId} started`);
    await new Promise<void>((resolve) => slowDone.push(resolve));
    events.push(`slow ${req.auth.tenantId} finished`);
    res.json({ ok: true });
  });
  // Counted at work, as every declared operation's handler is (http/declared-routes.ts).
  app.get('/counted', counted(async (req, res) => {
    events.push(`counted ${req.auth.tenantId} started`);
    await new Promise<void>((resolve) => slowDone.push(resolve));
    events.push(`counted ${req.auth.tenantId} finished`);
    res.json({ ok: true });
  }));
  app.get('/read', (req, res) => {
    events.push(`read ${req.auth.tenantId}`);
    res.json({ ok: true });
  });
  app.use(((err, _req, res, _next) => void res.status(401).json({ error: String(err.message) })) as express.ErrorRequestHandler);
  const server = app.listen(0);
  const port = (server.address() as import('node:net').AddressInfo).port;
  return { gates, events, arrivals, slowDone, port, closed, request: supertest(server), close: () => server.close() };
}

/** Resolves once `events` holds `n` entries (the requests travel over real sockets). */
const until = async (events: string[], n: number) => {
  while (events.length < n) await new Promise((resolve) => setImmediate(resolve));
};

describe('tenant gates: one world held while it is rewound', () => {
  it('when a world is held, then its requests wait for the change and another world\'s pass meanwhile', async () => {
    const t = gatedApp();
    let release!: () => void;
    const change = t.gates.exclusive('a', async () => {
      t.events.push('change started');
      await new Promise<void>((resolve) => (release = resolve));
      t.events.push('change finished');
    });
    await until(t.events, 1);

    const own = t.request.get('/read').set('x-world', 'a').then((r) => r.status);
    const other = await t.request.get('/read').set('x-world', 'b');
    await until(t.arrivals, 2);
    release();
    await change;

    expect(other.status).toBe(200);
    expect(await own).toBe(200);
    expect(t.events).toEqual(['change started', 'read b', 'change finished', 'read a']);
    t.close();
  });

  it('when a request of the world is under way, then the change starts only once it has finished', async () => {
    const t = gatedApp();
    const slow = t.request.get('/slow').set('x-world', 'a').then((r) => r.status);
    await until(t.events, 1);

    const change = t.gates.exclusive('a', async () => void t.events.push('change'));
    await new Promise((resolve) => setImmediate(resolve));
    t.slowDone[0]();

    await change;
    expect(await slow).toBe(200);
    expect(t.events).toEqual(['slow a started', 'slow a finished', 'change']);
    t.close();
  });

  it('when a request\'s client gives up while its handler is at work, then the world\'s change waits for the handler to end', async () => {
    const t = gatedApp();
    const gaveUp = new AbortController();
    const given = fetch(`http://127.0.0.1:${t.port}/counted`, { headers: { 'x-world': 'a' }, signal: gaveUp.signal }).catch((err: Error) => err.name);
    await until(t.events, 1);
    gaveUp.abort();
    expect(await given).toBe('AbortError');
    // The server sees the client go a moment later; another world's request passes meanwhile.
    while (!t.closed.includes('/counted')) await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await t.request.get('/read').set('x-world', 'b');

    const change = t.gates.exclusive('a', async () => void t.events.push('change'));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    t.events.push('handler still at work');
    t.slowDone[0]();
    await change;

    expect(later.status).toBe(200);
    expect(t.events).toEqual(['counted a started', 'read b', 'handler still at work', 'counted a finished', 'change']);
    t.close();
  });

  it('when a request waited and its key is gone after the change, then the recheck answers for it', async () => {
    let keyGone = false;
    const t = gatedApp((_req, _res, next) => (keyGone ? next(new Error('clave revocada')) : next()));
    let release!: () => void;
    const change = t.gates.exclusive('a', () => new Promise<void>((resolve) => (release = resolve)));
    const waited = t.request.get('/read').set('x-world', 'a').then((r) => r);
    await until(t.arrivals, 1);
    keyGone = true;
    release();
    await change;

    const res = await waited;
    expect([res.status, res.body.error]).toEqual([401, 'clave revocada']);
    expect(t.events).toEqual([]);
    t.close();
  });
});
