import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createWorldGate } from '../../server/snapshots/world-gate.ts';
import { counted } from '../../server/http/handler-at-work.ts';

/** An app whose /slow requests finish when the test says so, and whose /change runs a whole-world change. */
function gatedApp() {
  const gate = createWorldGate();
  const events: string[] = [];
  const slowDone: (() => void)[] = [];
  let changeDone: () => void = () => undefined;
  const app = express();
  // The paths whose answer the server has seen closed (a client that gave up, too).
  const closed: string[] = [];
  app.use((req, res, next) => void (res.once('close', () => closed.push(req.path)), next()));
  app.use(gate.admit);
  app.get('/slow', async (_req, res) => {
    events.push('slow started');
    await new Promise<void>((resolve) => slowDone.push(resolve));
    events.push('slow finished');
    res.json({ ok: true });
  });
  // Counted at work, as every declared operation's handler is (http/declared-routes.ts).
  app.get('/counted', counted(async (_req, res) => {
    events.push('counted started');
    await new Promise<void>((resolve) => slowDone.push(resolve));
    events.push('counted finished');
    res.json({ ok: true });
  }));
  app.get('/read', (_req, res) => {
    events.push('read');
    res.json({ ok: true });
  });
  app.post('/change', async (_req, res) => {
    const result = await gate.exclusive(res, async () => {
      events.push('change started');
      await new Promise<void>((resolve) => (changeDone = resolve));
      events.push('change finished');
      return { changed: true };
    });
    res.json(result);
  });
  const server = app.listen(0);
  const request = supertest(server);
  // A pause for requests to travel, before checking that something did NOT happen.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  /** Waits (real time, bounded by the test's timeout) for the requests to have done something. */
  const until = async (seen: string[]) => {
    while (t.events.length < seen.length) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(t.events).toEqual(seen);
  };
  const port = (server.address() as import('node:net').AddressInfo).port;
  /** A /slow request under way, then a change asked for behind it (waiting for it). */
  const changeBehindSlow = async () => {
    const slow = t.request.get('/slow').then((r) => r.status);
    await t.until(['slow started']);
    const change = t.request.post('/change').then((r) => r.body);
    await t.tick();
    return { slow, change };
  };
  const t = { request, port, events, closed, finishSlow: () => slowDone.shift()?.(), finishChange: () => changeDone(), tick, until, changeBehindSlow, close: () => server.close() };
  return t;
}

describe('world gate', () => {
  it('when a request waiting for a change is given up by its client, then it is never counted in, and the next change runs', async () => {
    const t = gatedApp();
    const { slow, change } = await t.changeBehindSlow();
    const gaveUp = new AbortController();
    const waiting = fetch(`http://127.0.0.1:${t.port}/read`, { signal: gaveUp.signal }).catch((err: Error) => err.name);
    await t.tick();
    gaveUp.abort();
    expect(await waiting).toBe('AbortError');
    // The server sees the client go a moment later: the lane must open after that, as with a real client.
    while (!t.closed.includes('/read')) await new Promise((resolve) => setTimeout(resolve, 5));

    t.finishSlow();
    await t.until(['slow started', 'slow finished', 'change started']);
    t.finishChange();
    expect(await change).toEqual({ changed: true });
    // Held for good before: the given-up /read was counted in once the lane opened, and never out.
    const next = t.request.post('/change').then((r) => r.body);
    await t.until(['slow started', 'slow finished', 'change started', 'change finished', 'change started']);
    t.finishChange();

    expect(await next).toEqual({ changed: true });
    expect(await slow).toBe(200);
    expect(t.events).not.toContain('read');
    t.close();
  });

  it('when a request\'s client gives up while its handler is at work, then a change waits for the handler to end', async () => {
    const t = gatedApp();
    const gaveUp = new AbortController();
    const given = fetch(`http://127.0.0.1:${t.port}/counted`, { signal: gaveUp.signal }).catch((err: Error) => err.name);
    await t.until(['counted started']);
    gaveUp.abort();
    expect(await given).toBe('AbortError');
    while (!t.closed.includes('/counted')) await new Promise((resolve) => setTimeout(resolve, 5));

    const change = t.request.post('/change').then((r) => r.body);
    await t.tick();
    t.events.push('handler still at work');
    t.finishSlow();
    await t.until(['counted started', 'handler still at work', 'counted finished', 'change started']);
    t.finishChange();

    expect(await change).toEqual({ changed: true });
    t.close();
  });

  it('when a change starts while a request is under way, then the change waits for it to finish', async () => {
    const t = gatedApp();
    const { slow, change } = await t.changeBehindSlow();
    expect(t.events).toEqual(['slow started']);

    t.finishSlow();
    await t.until(['slow started', 'slow finished', 'change started']);
    t.finishChange();

    expect(await slow).toBe(200);
    expect(await change).toEqual({ changed: true });
    expect(t.events).toEqual(['slow started', 'slow finished', 'change started', 'change finished']);
    t.close();
  });

  it('when requests arrive during a change, then they wait and are answered after it, none refused', async () => {
    const t = gatedApp();
    const change = t.request.post('/change').then((r) => r.status);
    await t.until(['change started']);
    const reads = Promise.all([t.request.get('/read'), t.request.get('/read')]);
    await t.tick();
    expect(t.events).toEqual(['change started']);

    t.finishChange();

    expect((await reads).map((r) => r.status)).toEqual([200, 200]);
    expect(await change).toBe(200);
    expect(t.events).toEqual(['change started', 'change finished', 'read', 'read']);
    t.close();
  });

  it('when two changes are asked at once, then the second runs after the first, and neither waits for itself', async () => {
    const t = gatedApp();
    const first = t.request.post('/change').then((r) => r.status);
    const second = t.request.post('/change').then((r) => r.status);
    await t.until(['change started']);
    await t.tick();
    expect(t.events).toEqual(['change started']);

    t.finishChange();
    await t.until(['change started', 'change finished', 'change started']);
    t.finishChange();

    expect([await first, await second]).toEqual([200, 200]);
    t.close();
  });
});
