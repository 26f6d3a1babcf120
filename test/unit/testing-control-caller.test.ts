import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { controlCaller } from '../../testing/control.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

async function listening(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the testing library\'s control caller, when no answer comes', () => {
  it('when nothing listens at the URL, then it says so', async () => {
    const url = await listening(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));

    await expect(controlCaller(url)('GET', '/clock')).rejects.toThrow(`no hay un testbed escuchando en ${url}: nadie escucha en ese puerto (¿está en marcha el serve, o lo detuvo el proceso que lo inició, al terminar o por una señal?)`);
  });

  it('when the URL\'s port is one fetch refuses to call (the Fetch standard\'s bad ports), then it says that in Spanish, not "fetch failed"', async () => {
    await expect(controlCaller('http://127.0.0.1:10080')('GET', '/clock')).rejects.toThrow(
      'fetch no llama a http://127.0.0.1:10080: su puerto es de los que bloquea el estándar Fetch (1, 6000, 10080…); sirve el testbed en otro');
  });

  it('when the testbed closes the connection without answering (stopped mid-call), then it says that, not that nothing listens', async () => {
    const url = await listening((req) => req.socket.destroy());

    const call = controlCaller(url)('GET', '/clock');

    await expect(call).rejects.toThrow(`el testbed de ${url} cerró la conexión sin responder (¿se detuvo?; UND_ERR_SOCKET)`);
  });
});
