import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { clientErrorResponse } from '../../server/http/client-error.ts';
import { createHttpServer } from '../../server/http/http-server.ts';
import { createWorldGate } from '../../server/snapshots/world-gate.ts';
import { makeTestApp } from '../support/app.ts';
import { onServesHttpServer, oversizedHeadersRequest, rawRequest } from '../support/raw-http.ts';

/** Node's parser refuses these before Express: the server's clientError hook answers them (main.ts). */
describe('requests Node refuses before Express', () => {
  const served = onServesHttpServer(makeTestApp().app);

  it.each([
    ['headers over 16 KB', oversizedHeadersRequest(), 431, 'VALIDATION', /cabeceras .* demasiado grandes/],
    ['a broken request line', 'NO ES HTTP\r\n\r\n', 400, 'VALIDATION', /mal formada/],
    ['a header without a colon', 'GET /v1/health HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n', 400, 'VALIDATION', /mal formada/],
    // Node hands CONNECT to no request handler: without its own listener the socket closed unanswered.
    ['the method CONNECT', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', 405, 'VALIDATION', /CONNECT no está permitido: el testbed no es un proxy/],
    ['no Host header (HTTP/1.1 makes it obligatory)', 'GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'VALIDATION', /^Falta la cabecera Host, obligatoria en HTTP\/1\.1\.$/],
    ['an Expect the server cannot meet', 'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n', 417, 'VALIDATION', /^La cabecera Expect «200-ok» no se admite: solo 100-continue\.$/],
  ])('when a request has %s, then %i %s in the JSON envelope, in Spanish, with a requestId', async (_label, raw, status, code, message) => {
    const res = await rawRequest(served.port, raw);

    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: { code, message: expect.stringMatching(message), details: null, requestId: expect.stringMatching(/^req_[0-9a-f]{32}$/) } });
    expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('when an HTTP/1.0 request has no Host (1.0 has none), then it reaches the API as usual', async () => {
    const res = await rawRequest(served.port, 'GET /v1/health HTTP/1.0\r\n\r\n');

    expect(res.body).toEqual({ status: 'ok', version: '1.0.0' });
  });

  it('when headers are just under the limit, then the request reaches the API as usual', async () => {
    const raw = `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Padding: ${'x'.repeat(15 * 1024)}\r\n\r\n`;

    const res = await rawRequest(served.port, raw);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '1.0.0' });
  });
});

describe('a body sent with no Content-Length nor chunked encoding (HTTP/1.1 reads it as the next request)', () => {
  let ended = 0;
  /** What the handler waits for: a turn of the event loop, or a test's word. */
  let held: Promise<unknown> | null = null;
  // A handler that answers later, as one that calls the platforms does: the broken bytes after its
  // request are read, and refused, before it answers.
  const served = onServesHttpServer(express().delete('/assignment', async (_req, res) => {
    await (held ?? new Promise((resolve) => setImmediate(resolve)));
    ended++;
    res.json({ status: 'ended' });
  }));

  /** Every byte the server sends on one connection, until it closes it. */
  const everything = (raw: string) => new Promise<string>((resolve, reject) => {
    const socket = connect(served.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk)).on('error', reject).on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(raw);
  });

  it('when the request before the broken bytes did something, then its own answer comes first, then the refusal of what followed', async () => {
    const answered = await everything('DELETE /assignment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n{"reason":"x"}');

    expect(ended).toBe(1);
    expect(answered).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const second = answered.indexOf('HTTP/1.1 400 Bad Request');
    expect(answered.indexOf('{"status":"ended"}')).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(answered.indexOf('{"status":"ended"}'));
    expect(answered.slice(second)).toContain('La solicitud HTTP está mal formada');
  });

  it('when more broken bytes come while that answer is under way, then the refusal waits once, and comes whole after it', async () => {
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    let reported = 0;
    const count = () => void reported++;
    served.server.on('clientError', count);
    const warnings: string[] = [];
    const warned = (w: Error) => void warnings.push(w.name);
    process.on('warning', warned);
    try {
      const socket = connect(served.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const closed = new Promise<string>((resolve) => socket.on('data', (c) => chunks.push(c)).on('close', () => resolve(Buffer.concat(chunks).toString('utf8'))));
      socket.write('DELETE /assignment HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n{"a":1}');
      // Each chunk read on its own, as a client's writes spread in time are.
      for (let i = 0; i < 15; i++) {
        const before = reported;
        socket.write(`{"b":${i}}`);
        while (reported === before) await new Promise((resolve) => setImmediate(resolve));
      }
      socket.end();
      release();
      const answered = await closed;

      expect(reported).toBeGreaterThan(10);
      expect(answered.match(/HTTP\/1\.1 400 Bad Request/g)).toHaveLength(1);
      expect(JSON.parse(answered.slice(answered.lastIndexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION');
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      held = null;
      served.server.off('clientError', count);
      process.off('warning', warned);
    }
  });
});

describe('a request whose body breaks while the app reads it', () => {
  const t = makeTestApp();
  const served = onServesHttpServer(t.app);

  it('when a chunk of its body is not hex, then the client gets 400 under the request\'s own id, and its world\'s journal holds that answer', async () => {
    const { auth, tenant } = t.newTenant();
    const raw = ['POST /v1/vehicles HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth.Authorization}`, 'Content-Type: application/json',
      'Transfer-Encoding: chunked', '', 'zz', ''].join('\r\n');

    const res = await rawRequest(served.port, raw);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/mal formada/) });
    expect(res.headers['x-request-id']).toBe(res.body.error.requestId);
    // Journaled once its connection has closed on the server's side too.
    await expect.poll(() => t.services.journal.list(tenant.id, {}).data.length).toBe(1);
    expect(t.services.journal.list(tenant.id, {}).data[0]).toMatchObject({
      method: 'POST', path: '/v1/vehicles', status: 400, requestId: res.body.error.requestId,
      response: { body: res.body },
    });
    expect((await t.request.get('/v1/vehicles').set(auth).expect(200)).body.data).toEqual([]);
  });
});

describe('the raw answer to a parser error', () => {
  it.each([
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 'HTTP/1.1 413 Payload Too Large', 'FILE_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout', 'VALIDATION'],
    ['HPE_INVALID_METHOD', 'HTTP/1.1 400 Bad Request', 'VALIDATION'],
    [undefined, 'HTTP/1.1 400 Bad Request', 'VALIDATION'],
  ])('when Node reports %s, then the answer is "%s" with code %s', (errorCode, statusLine, code) => {
    const [head, body] = clientErrorResponse(errorCode, 'req_1').split('\r\n\r\n');

    expect(head.split('\r\n')[0]).toBe(statusLine);
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body).error).toMatchObject({ code, requestId: 'req_1' });
  });
});

describe('a request whose body stalls', () => {
  it('when a body stops arriving, then after the receive deadline it is answered 408 and closed, and a whole-testbed change it held runs', async () => {
    // The production gate and server, with a short deadline: the default is RECEIVE_MS.
    const gate = createWorldGate();
    const app = express();
    app.use(gate.admit);
    app.post('/v1/vehicles', express.json(), (_req, res) => void res.status(201).json({}));
    app.post('/change', async (_req, res) => void res.json(await gate.exclusive(res, async () => ({ changed: true }))));
    const server = createHttpServer(app, { receiveMs: 300, checkEveryMs: 50 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    // Headers and the start of a body of 200 bytes, then nothing: counted in at the gate from its headers.
    // A client that keeps its half open (as one paused at a breakpoint does): the server must close it.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const stalled = new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      // The server's side closed (its FIN); this client keeps its own half open.
      socket.on('end', () => resolve(answer));
      socket.write('POST /v1/vehicles HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"plate":');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answer = await stalled;
    // Answered while the client still holds its half open: the server closed the connection itself.
    const change = await fetch(`http://127.0.0.1:${port}/change`, { method: 'POST' });

    expect(await change.json()).toEqual({ changed: true });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(answer).toContain('La solicitud no llegó completa a tiempo.');
    await new Promise((resolve) => server.close(resolve));
  }, 20_000);
});
