import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { onServesHttpServer } from '../support/raw-http.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * HTTP/1.1 pipelining: a client may send its next request on the connection before the answer to
 * the last. Node answers them in order, so the second's answer is sent only after the first's: a
 * change that waited for the second to be over (its answer sent) before answering the first waited
 * for itself, and held every world's requests with it until the client hung up.
 */
describe('requests pipelined behind a change that runs alone', () => {
  const w = useWorldOnDataDir();
  const served = onServesHttpServer(w.app);

  const json = (method: string, path: string, body: object, headers = '') => {
    const text = JSON.stringify(body);
    return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
  };
  const bare = (method: string, path: string, headers = '') => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;
  const last = (method: string, path: string, headers = '') => bare(method, path, `${headers}Connection: close\r\n`);

  /**
   * Every request in one write; the statuses of the answers, in order, once the server closes, or
   * those that came within 10 s of real time (a hang then fails the test on what is missing, not on
   * its timeout).
   */
  const pipelined = (...requests: string[]): Promise<number[]> => new Promise((resolve, reject) => {
    const socket = connect(served.port, '127.0.0.1');
    socket.setTimeout(10_000, () => socket.destroy());
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    // An answer's status line follows the last answer's body on the same line.
    socket.on('close', () => resolve([...Buffer.concat(chunks).toString('latin1').matchAll(/HTTP\/1\.1 (\d{3}) [A-Z]/g)].map((m) => Number(m[1]))));
    // Not ended: a client half-closing its side was dropped by the server unanswered; the last request says Connection: close.
    socket.write(requests.join(''));
  });

  const world = async () => {
    const made = (await w.request.post('/_testbed/tenants').send({ name: 'Flota En Fila' }).expect(201)).body;
    return { id: made.id as string, auth: `Authorization: Bearer ${made.keys[0].key}\r\n` };
  };

  it('when a whole snapshot is saved with a control call pipelined behind it, then both are answered, in order', async () => {
    expect(await pipelined(json('POST', '/_testbed/snapshots', { name: 'en-fila' }), last('GET', '/_testbed/clock'))).toEqual([201, 200]);
  });

  it('when a reset has a control call pipelined behind it, then both are answered, in order', async () => {
    expect(await pipelined(bare('POST', '/_testbed/reset'), last('GET', '/_testbed/clock'))).toEqual([200, 200]);
  });

  it('when a whole restore has a request of a world pipelined behind it, then both are answered', async () => {
    const { auth } = await world();
    await w.request.post('/_testbed/snapshots').send({ name: 'con-mundo' }).expect(201);

    expect(await pipelined(bare('POST', '/_testbed/snapshots/con-mundo/restore'), last('GET', '/v1/me', auth))).toEqual([200, 200]);
  });

  it('when a world snapshot is saved, or restored, with a request of that world pipelined behind it, then both are answered, in order', async () => {
    const { id, auth } = await world();
    await w.request.post(`/_testbed/tenants/${id}/snapshots`).send({ name: 'antes' }).expect(201);

    const saved = await pipelined(json('POST', `/_testbed/tenants/${id}/snapshots`, { name: 'inicio' }), last('GET', '/v1/me', auth));
    const restored = await pipelined(bare('POST', `/_testbed/tenants/${id}/snapshots/antes/restore`), last('GET', '/v1/vehicles', auth));

    expect([saved, restored]).toEqual([[201, 200], [200, 200]]);
  });

  it('when a world is deleted with a request of that world pipelined behind it, then both are answered: the request before the deletion, or refused after it', async () => {
    const { id, auth } = await world();

    const [deleted, after] = await pipelined(bare('DELETE', `/_testbed/tenants/${id}`), last('GET', '/v1/me', auth));

    expect(deleted).toBe(200);
    expect([200, 401]).toContain(after);
    expect((await w.request.get('/_testbed/tenants')).body.data.map((t: { id: string }) => t.id)).not.toContain(id);
  });
});
