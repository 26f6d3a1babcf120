import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRemote } from '../../server/platforms/http.ts';

/** What serve's probe of the companion reads (server/main.ts simulatorsAnsweredAt): every answer, none for a call with no answer. */
describe('a platform client noting the answers it gets', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    server = undefined;
  });

  async function peer(): Promise<string> {
    server = createServer((req, res) => {
      res.statusCode = Number(req.url!.slice(1));
      res.end('{}');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('when the peer answers 200, 404 or 503, then each counts as an answer, the 503 still failing the call', async () => {
    let answers = 0;
    const remote = createRemote('platform_a', { baseUrl: await peer(), timeoutMs: 2_000, onAnswer: () => void answers++ });

    await remote({ method: 'GET', path: '/200' });
    await remote({ method: 'GET', path: '/404' });
    await expect(remote({ method: 'GET', path: '/503' })).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE' });

    expect(answers).toBe(3);
  });

  it('when nothing listens, then the call fails with no answer noted', async () => {
    const url = await peer();
    await new Promise((r) => server!.close(r));
    server = undefined;
    let answers = 0;
    const remote = createRemote('platform_a', { baseUrl: url, timeoutMs: 2_000, onAnswer: () => void answers++ });

    await expect(remote({ method: 'GET', path: '/200' })).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE' });

    expect(answers).toBe(0);
  });
});
