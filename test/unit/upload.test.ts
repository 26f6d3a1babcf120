import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload, sniffImage } from '../../server/documents/upload.ts';
import { createErrorHandler } from '../../server/http/error-handler.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import { MAX_UPLOAD_BYTES, PDF_FILE, PNG_4MB, PNG_4MB_PLUS_1, PNG_HEAD, PNG_IEND, pngOfSize, TEXT_FILE, TINY_JPEG, TINY_PNG } from '../support/images.ts';

/** readUpload behind a bare route: what it resolves is echoed, what it rejects goes through the API's error handler. */
function uploadApp() {
  const app = express();
  app.post('/upload', async (req, res) => {
    const upload = await readUpload(req);
    const { type, file } = upload;
    res.json({ type: type ?? null, file: file ? { contentType: file.contentType, size: file.bytes.length, head: file.bytes.subarray(0, 4).toString('hex') } : null,
      ...(upload.notAnImage && { notAnImage: true }) });
  });
  app.use(createErrorHandler(silentLogger));
  return app;
}

const CARD = 'circulation_card_front';
const request = supertest(uploadApp());
const post = () => request.post('/upload');

describe('sniffImage', () => {
  const jpegWithout = (cut: (b: Buffer) => Buffer) => cut(Buffer.from(TINY_JPEG));
  it.each([
    ['a whole PNG', 'image/png', TINY_PNG],
    ['a whole JPEG', 'image/jpeg', TINY_JPEG],
    ['a PNG framed around padding', 'image/png', pngOfSize(1024)],
    ['a PNG with bytes after its IEND', 'image/png', Buffer.concat([TINY_PNG, Buffer.from('extra')])],
    ['a JPEG with bytes after its end-of-image marker', 'image/jpeg', Buffer.concat([TINY_JPEG, Buffer.from('extra')])],
    ['a PNG signature alone', null, TINY_PNG.subarray(0, 8)],
    ['a PNG signature and text', null, Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('this is not an image at all')])],
    ['a PNG cut before its IEND', null, TINY_PNG.subarray(0, TINY_PNG.length - 12)],
    // The least a PNG can be: signature, IHDR (with its CRC), IEND right after: 45 bytes.
    ['the smallest frame: signature, IHDR, IEND', 'image/png', pngOfSize(45)],
    ['an IEND one byte early, over IHDR\'s CRC', null, Buffer.concat([PNG_HEAD.subarray(0, 32), PNG_IEND])],
    ['IEND only inside IHDR\'s data', null, Buffer.concat([PNG_HEAD.subarray(0, 16), Buffer.from('IEND', 'latin1'), PNG_HEAD.subarray(20)])],
    ['a PNG signature with another first chunk', null, Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('\0\0\0\x0dIHDX', 'latin1'), TINY_PNG.subarray(16)])],
    ['a PNG signature cut at 7 bytes', null, TINY_PNG.subarray(0, 7)],
    ['JPEG bytes FF D8 FF alone', null, Buffer.from([0xff, 0xd8, 0xff])],
    ['FF D8 FF D9: an end marker inside the start one', null, Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['a JPEG cut before its end-of-image marker', null, jpegWithout((b) => b.subarray(0, b.length - 2))],
    ['FF D8 without the marker byte', null, Buffer.from([0xff, 0xd8])],
    ['a GIF', null, Buffer.from('GIF89a\x01\x00', 'latin1')],
    ['a PDF', null, PDF_FILE],
    ['text', null, TEXT_FILE],
    ['nothing', null, Buffer.alloc(0)],
  ])('when the bytes are %s, then %s', (_case, expected, bytes) => {
    expect(sniffImage(bytes)).toBe(expected);
  });
});

describe('readUpload', () => {
  it('when type and a PNG are sent, then both are read and the type comes from the bytes, not the declared one', async () => {
    const res = await post().field('type', CARD).attach('file', TINY_PNG, { filename: 'card.jpg', contentType: 'image/jpeg' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: CARD, file: { contentType: 'image/png', size: TINY_PNG.length, head: '89504e47' } });
  });

  it('when the file part comes before the type field and other fields are sent, then the upload is read whole', async () => {
    const res = await post().attach('file', TINY_JPEG, 'card.bin').field('note', 'ignorada').field('type', CARD);

    expect(res.body).toEqual({ type: CARD, file: { contentType: 'image/jpeg', size: TINY_JPEG.length, head: 'ffd8ffe0' } });
  });

  it.each([
    ['exactly 4 MB', PNG_4MB, 200],
    ['4 MB - 1 byte', pngOfSize(MAX_UPLOAD_BYTES - 1), 200],
    ['4 MB + 1 byte', PNG_4MB_PLUS_1, 413],
    ['5 MB (refused by Content-Length)', pngOfSize(5 * 1024 * 1024), 413],
  ])('when the file is %s, then %i', async (_case, file, status) => {
    const res = await post().field('type', CARD).attach('file', file, 'card.png');

    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.file.size).toBe(file.length);
    else expect(res.body.error.code).toBe('FILE_TOO_LARGE');
  });

  it.each([
    ['text', TEXT_FILE],
    ['a PDF', PDF_FILE],
    ['an empty file', Buffer.alloc(0)],
  ])('when the file is %s, then the form is read whole and the file marked as no image (415 once the form is judged: documents/service.ts)', async (_case, file) => {
    const res = await post().attach('file', file, { filename: 'card.png', contentType: 'image/png' }).field('type', CARD);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: CARD, file: null, notAnImage: true });
  });

  it.each<[string, () => supertest.Test]>([
    ['a JSON body', () => post().send({ type: CARD })],
    ['no body at all', () => post()],
    ['multipart without a boundary', () => post().set('Content-Type', 'multipart/form-data').send('--x--')],
    ['a form cut off inside the file', () => post().set('Content-Type', 'multipart/form-data; boundary=B').send(
      Buffer.concat([Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\n\r\n'), TINY_PNG.subarray(0, 20)]))],
    ['a form cut off before any part ends', () => post().set('Content-Type', 'multipart/form-data; boundary=B').send('--B\r\nContent-Disp')],
    ['two files', () => post().field('type', CARD).attach('file', TINY_PNG, 'a.png').attach('file', TINY_JPEG, 'b.jpg')],
  ])('when the request is %s, then 400 VALIDATION (and the process survives)', async (_case, send) => {
    const res = await send();

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it('when the file is sent under another field name, then it is ignored (no file)', async () => {
    const res = await post().field('type', CARD).attach('photo', TINY_PNG, 'card.png');

    expect(res.body).toEqual({ type: CARD, file: null });
  });

  describe('a chunked upload with no Content-Length', () => {
    let server: Server;
    beforeAll(async () => {
      server = uploadApp().listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
    });
    // The refused upload's socket may still be open (the client is cut off while writing): close waits
    // for it otherwise, up to the keep-alive timeout (5 s of the suite's time).
    afterAll(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));

    it('when it streams past 4 MB, then 413 FILE_TOO_LARGE is answered while streaming', async () => {
      const { port } = server.address() as AddressInfo;
      const head = Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n');
      const chunk = pngOfSize(256 * 1024);

      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/upload',
          headers: { 'content-type': 'multipart/form-data; boundary=B', 'transfer-encoding': 'chunked' } });
        req.on('response', (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.write(head);
        for (let i = 0; i < 24; i++) req.write(chunk); // 6 MB
        req.end('\r\n--B--\r\n');
      });

      expect(status).toBe(413);
    });
  });
});
