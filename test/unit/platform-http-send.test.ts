import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender } from '../../server/platforms/http-send.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)));
});

/** A loopback server answering `{n, body}`; `handle` may take over a request (return true). */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, socket: Socket) => boolean = () => false) {
  const connections = new Set<Socket>();
  let n = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (handle(req, res, req.socket)) return;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ n: ++n, body }));
    });
  });
  server.on('connection', (socket) => connections.add(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: (path: string) => new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`), connections };
}

const POST = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

describe('platform calls over node:http (http-send.ts)', () => {
  it('when calls follow one another, then they share one kept-alive connection', async () => {
    const { url, connections } = await serve();
    const send = createSender();
    for (let i = 0; i < 5; i++) expect((await send(url('/v1/x'), POST(`{"i":${i}}`), 2_000)).text).toBe(JSON.stringify({ n: i + 1, body: `{"i":${i}}` }));
    expect(connections.size).toBe(1);
  });

  it('when bytes are sent, then they arrive whole with their length', async () => {
    const { url } = await serve();
    const answer = await createSender()(url('/card'), { method: 'PUT', headers: {}, body: new Uint8Array([104, 105]) }, 2_000);
    expect(JSON.parse(answer.text)).toEqual({ n: 1, body: 'hi' });
  });

  it('when the peer closes a kept-alive connection as it is reused, then the call is sent again on a new one', async () => {
    let first: Socket | null = null;
    const { url, connections } = await serve((_req, _res, socket) => {
      first ??= socket;
      if (socket !== first || connections.size > 1) return false;
      // The first connection's second request: dropped, as a peer closing an idle connection does.
      if ((socket as Socket & { served?: boolean }).served) return (socket.destroy(), true);
      (socket as Socket & { served?: boolean }).served = true;
      return false;
    });
    const send = createSender();
    await send(url('/a'), POST('1'), 2_000);
    const again = await send(url('/b'), POST('2'), 2_000);
    expect(JSON.parse(again.text)).toEqual({ n: 2, body: '2' });
    expect(connections.size).toBe(2);
  });

  it('when an answer on a kept-alive connection is cut after it began, then the call fails and is not sent again', async () => {
    let received = 0;
    const { url } = await serve((req, res, socket) => {
      if (req.url !== '/cut') return false;
      received++;
      // The peer acted on the request and began its answer, then the connection went.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"half":', () => socket.destroy());
      return true;
    });
    const send = createSender();
    await send(url('/warm'), POST('1'), 2_000);

    await expect(send(url('/cut'), POST('2'), 2_000)).rejects.toThrow();
    expect(received).toBe(1);
  });

  it('when the peer does not finish its answer in time, then the call fails, not marked as held by a fault', async () => {
    const { url } = await serve((_req, res) => (res.write('{"half":'), true));
    await expect(createSender()(url('/slow'), POST('1'), 200)).rejects.toMatchObject({ message: 'no answer in 200 ms', faulted: false });
  });

  it('when the peer answers 102 and nothing more in time (a slow fault holds it), then the call fails marked so', async () => {
    const { url } = await serve((_req, res) => (res.writeProcessing(), true));
    await expect(createSender()(url('/held'), POST('1'), 200)).rejects.toMatchObject({ message: 'no answer in 200 ms', faulted: true });
  });

  it('when a kept-alive connection is cut after a 102, then the call fails and is not sent again (the peer had it)', async () => {
    let received = 0;
    const { url } = await serve((req, res, socket) => {
      if (req.url !== '/held') return false;
      received++;
      // The 102 goes out, then the connection ends with no answer (end flushes what was written first).
      res.writeProcessing();
      socket.end();
      return true;
    });
    const send = createSender();
    await send(url('/warm'), POST('1'), 2_000);

    await expect(send(url('/held'), POST('2'), 2_000)).rejects.toMatchObject({ faulted: true });
    expect(received).toBe(1);
  });

  it('when a 102 comes before the answer in time, then the answer is read as any other', async () => {
    const { url } = await serve((_req, res) => (res.writeProcessing(), res.end('{"ok":true}'), true));
    expect(await createSender()(url('/late'), POST('1'), 2_000)).toMatchObject({ status: 200, text: '{"ok":true}', faulted: false });
  });
});
