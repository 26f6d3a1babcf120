import busboy from 'busboy';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildForm, ConnectionClosed, FIXTURE_FILES, send, StepError } from '../../cli/scenario/http.ts';

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

describe('a scenario call whose connection is cut (a reset rule)', () => {
  it.each([
    ['while the answer is awaited', 0],
    ['while a large body is still being written', 8 * 1024 * 1024],
  ])('when the server closes the connection %s, then the step sees a cut connection, which `status: null` may expect', async (_when, bodyBytes) => {
    const server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/documents`;

    const failure = await send(url, { method: 'POST', headers: {}, json: bodyBytes ? { blob: 'x'.repeat(bodyBytes) } : undefined }).catch((err: unknown) => err);
    server.close();

    expect(failure).toBeInstanceOf(ConnectionClosed);
    expect((failure as Error).message).toMatch(new RegExp(`^no se pudo llamar a ${url.replace(/\./g, '\\.')}: la conexión se cortó`));
  });
});

/** What busboy, the API's multipart reader (server/documents/upload.ts), reads from a body. */
function parsed(bytes: Buffer, contentType: string): Promise<{ fields: Record<string, string>; files: Record<string, { filename: string; mimeType: string; bytes: Buffer }> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, { filename: string; mimeType: string; bytes: Buffer }> = {};
    const bb = busboy({ headers: { 'content-type': contentType } });
    bb.on('field', (name, value) => void (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void (files[name] = { filename: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) }));
    });
    bb.on('close', () => resolve({ fields, files }));
    bb.on('error', reject);
    Readable.from([bytes]).pipe(bb);
  });
}

describe('a scenario step\'s multipart body', () => {
  it('when fields, a fixture file and a text file (quotes in its name, accents in its text) are sent, then the API\'s reader gets each as written', async () => {
    const { form, shown } = buildForm({
      type: 'circulation_card_front',
      file: { fixture: 'tiny.png' },
      note: { text: 'hola ñandú', filename: 'nota "uno".txt', contentType: 'text/plain; charset=utf-8' },
    });

    const got = await parsed(form.bytes, form.contentType);

    expect(form.contentType).toMatch(/^multipart\/form-data; boundary=----fleet-sim-[0-9a-f]{24}$/);
    expect(got.fields).toEqual({ type: 'circulation_card_front' });
    expect(got.files.file).toEqual({ filename: 'tiny.png', mimeType: 'image/png', bytes: readFileSync(`${FIXTURE_FILES}tiny.png`) });
    expect(got.files.note).toEqual({ filename: 'nota %22uno%22.txt', mimeType: 'text/plain', bytes: Buffer.from('hola ñandú') });
    expect(shown).toEqual({ type: 'circulation_card_front', file: { fixture: 'tiny.png', bytes: readFileSync(`${FIXTURE_FILES}tiny.png`).length }, note: { text: 'hola ñandú' } });
  });

  it('when a text value has bare line breaks and a part\'s type is in capitals or holds a line break, then they go as a browser sends them', async () => {
    const { form } = buildForm({
      lines: 'uno\ndos\rtres',
      upper: { text: 'x', filename: 'a.txt', contentType: 'Text/Plain' },
      injected: { text: 'y', filename: 'b.txt', contentType: 'text/plain\r\nX-Evil: 1' },
    });

    const got = await parsed(form.bytes, form.contentType);

    expect(got.fields).toEqual({ lines: 'uno\r\ndos\r\ntres' });
    expect([got.files.upper.mimeType, got.files.injected.mimeType]).toEqual(['text/plain', 'application/octet-stream']);
  });
});

describe('a scenario call\'s framing', () => {
  it('when a DELETE carries a JSON body, then it goes with its length and the next call on the connection is read as its own', async () => {
    const seen: { method: string; length?: string; body: string }[] = [];
    const server = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, length: req.headers['content-length'], body: Buffer.concat(chunks).toString('utf8') });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: seen.length }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const deleted = await send(`${base}/v1/x`, { method: 'DELETE', headers: {}, json: { motivo: 'ñ' } });
      const next = await send(`${base}/v1/y`, { method: 'GET', headers: {} });

      expect([deleted.status, deleted.body, next.status, next.body]).toEqual([200, { ok: 1 }, 200, { ok: 2 }]);
      expect(seen).toEqual([
        { method: 'DELETE', length: String(Buffer.byteLength('{"motivo":"ñ"}')), body: '{"motivo":"ñ"}' },
        { method: 'GET', length: undefined, body: '' },
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

