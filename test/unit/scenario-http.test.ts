import busboy from 'busboy';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildForm, FIXTURE_FILES, send, StepError } from '../../cli/scenario/http.ts';

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
  it('when fields, a fixture file and a text file (quotes and accents in its name) are sent, then the API\'s reader gets each as written', async () => {
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
});

