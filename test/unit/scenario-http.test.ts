import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { send, StepError } from '../../cli/scenario/http.ts';

/** A loopback port that was free a moment ago: nothing listens there. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('a scenario call that reaches nobody', () => {
  it('when nothing listens at the address, then the step fails in Spanish, saying so, with no "fetch failed"', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1/health`;

    const failure = await send(url, { method: 'GET', headers: {} }).catch((err: unknown) => err);

    expect(failure).toBeInstanceOf(StepError);
    expect((failure as Error).message).toBe(`no se pudo llamar a ${url}: nadie escucha en esa dirección (¿está en marcha el serve?)`);
  });
});
