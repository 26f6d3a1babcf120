import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../server/clock/service.ts';
import { UUID_V4 } from '../support/app.ts';
import { CARD, documentFixtures } from '../support/documents-fixtures.ts';
import type { Auth } from '../support/fleet-fixtures.ts';
import { PDF_FILE, PNG_4MB, PNG_4MB_PLUS_1, TEXT_FILE, TINY_JPEG, TINY_PNG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';
import { MAX_TEXT_FIELDS } from '../../server/documents/upload.ts';

describe('vehicle documents', () => {
  const w = useWorld();
  const { vehicle, url, upload, history, snapshot } = documentFixtures(w);

  it('when a PNG is sent as card.jpg with type image/jpeg, then 201 Document typed image/png by its content', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id, TINY_PNG, 'card.jpg', 'image/jpeg');

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID_V4), vehicleId: id, type: CARD, status: 'submitted', contentType: 'image/png',
      sizeBytes: TINY_PNG.length, submittedAt: w.clock.now().toISOString(),
    });
  });

  it('when a JPEG is sent as card.png, then it is image/jpeg', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id, TINY_JPEG, 'card.png', 'image/png');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contentType: 'image/jpeg', sizeBytes: TINY_JPEG.length });
  });

  it('when several cards were uploaded, then the history lists them newest first', async () => {
    const { auth, id } = await vehicle();
    const first = (await upload(auth, id).expect(201)).body;
    await advanceClock(w.deps, w.services, 60_000);
    const second = (await upload(auth, id, TINY_JPEG).expect(201)).body;

    const res = await history(auth, id);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [second, first] });
  });

  it('when the file is exactly 4 MB, then it is accepted', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id, PNG_4MB);

    expect(res.status).toBe(201);
    expect(res.body.sizeBytes).toBe(4 * 1024 * 1024);
  });

  it.each([
    ['4 MB + 1 byte', 413, 'FILE_TOO_LARGE', PNG_4MB_PLUS_1],
    ['a text file', 415, 'INVALID_FILE_TYPE', TEXT_FILE],
    ['a PDF declared image/png', 415, 'INVALID_FILE_TYPE', PDF_FILE],
    ['a PNG signature followed by text', 415, 'INVALID_FILE_TYPE', Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('esto no es una imagen')])],
    ['a PNG cut before its IEND chunk', 415, 'INVALID_FILE_TYPE', TINY_PNG.subarray(0, TINY_PNG.length - 12)],
    ['the 3 bytes that start a JPEG', 415, 'INVALID_FILE_TYPE', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG cut before its end-of-image marker', 415, 'INVALID_FILE_TYPE', TINY_JPEG.subarray(0, TINY_JPEG.length - 2)],
  ])('when the file is %s, then %i %s and nothing is stored or sent', async (_case, status, code, file) => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);

    const res = await upload(auth, id, file, 'card.png', 'image/png');

    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(snapshot(id)).toEqual(before);
  });

  const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
  it.each<[string, (a: Auth, id: string) => ReturnType<typeof upload>]>([
    ['before the file', (a, id) => w.request.post(url(id)).set(a).field('type', 'foo').attach('file', GIF, 'card.gif')],
    ['after the file', (a, id) => w.request.post(url(id)).set(a).attach('file', GIF, 'card.gif').field('type', 'foo')],
  ])('when a bad type comes %s with a file that is no image, then 400 naming type (the form before the file\'s content)', async (_case, send) => {
    const { auth, id } = await vehicle();

    const res = await send(auth, id);

    expect([res.status, res.body.error.details]).toEqual([400, [{ field: 'type', message: 'type debe ser circulation_card_front' }]]);
  });

  it('when a vehicle with no platform_a registration is sent a file that is no image, then 415 (the input before the state), nothing stored', async () => {
    const { auth, id } = await vehicle({ register: null });
    const before = snapshot(id);

    const refused = await upload(auth, id, GIF, 'card.gif');
    const image = await upload(auth, id);

    expect([refused.status, refused.body.error.code]).toEqual([415, 'INVALID_FILE_TYPE']);
    expect([image.status, image.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(snapshot(id)).toEqual(before);
  });

  type Send = (auth: Auth, id: string) => ReturnType<typeof upload>;
  const truncated = Buffer.from(
    `--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\n${CARD}\r\n--XyZ\r\n` +
      'Content-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
    'latin1',
  );
  it.each<[string, Send]>([
    ['the file is missing', (a, id) => w.request.post(url(id)).set(a).field('type', CARD)],
    ['the type is missing', (a, id) => w.request.post(url(id)).set(a).attach('file', TINY_PNG, 'card.png')],
    ['the type is another value', (a, id) => w.request.post(url(id)).set(a).field('type', 'circulation_card_back').attach('file', TINY_PNG, 'card.png')],
    ['the file comes under another field name', (a, id) => w.request.post(url(id)).set(a).field('type', CARD).attach('photo', TINY_PNG, 'card.png')],
    ['two files are sent', (a, id) => upload(a, id).attach('file', TINY_JPEG, 'card2.jpg')],
    ['a second file comes under another field name', (a, id) => upload(a, id).attach('photo', TINY_JPEG, 'photo.jpg')],
    ['the body is JSON, not multipart', (a, id) => w.request.post(url(id)).set(a).send({ type: CARD })],
    ['the multipart has no boundary', (a, id) => w.request.post(url(id)).set(a).set('Content-Type', 'multipart/form-data').send('x')],
    ['the multipart is truncated', (a, id) => w.request.post(url(id)).set(a).set('Content-Type', 'multipart/form-data; boundary=XyZ').send(truncated)],
  ])('when %s, then 400 VALIDATION and nothing is stored', async (_case, send) => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);

    const res = await send(auth, id);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(snapshot(id)).toEqual(before);
  });

  it('when the file part has no filename (a text field to a multipart reader), then 400 says so, not that it is missing; nothing is stored', async () => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);
    const body = Buffer.concat([
      Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\n${CARD}\r\n--XyZ\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
      TINY_PNG, Buffer.from('\r\n--XyZ--\r\n', 'latin1'),
    ]);

    const res = await w.request.post(url(id)).set(auth).set('Content-Type', 'multipart/form-data; boundary=XyZ').send(body);

    expect(res.status).toBe(400);
    const said = 'file llegó como texto, no como archivo: su Content-Disposition necesita un filename (p. ej. filename="tarjeta.png")';
    expect(res.body.error.message).toBe(`La solicitud no es válida (${said}).`);
    expect(res.body.error.details).toEqual([{ field: 'file', message: said }]);
    expect(snapshot(id)).toEqual(before);
  });

  it.each<[string, Send, string, string]>([
    ['the type is missing', (a, id) => w.request.post(url(id)).set(a).attach('file', TINY_PNG, 'card.png'), 'type', 'type es obligatorio'],
    ['the type is another value', (a, id) => w.request.post(url(id)).set(a).field('type', 'circulation_card_back').attach('file', TINY_PNG, 'card.png'),
      'type', 'type debe ser circulation_card_front'],
    ['the file is missing', (a, id) => w.request.post(url(id)).set(a).field('type', CARD), 'file', 'file es obligatorio: la imagen JPEG o PNG de la tarjeta'],
    ['the type comes twice', (a, id) => w.request.post(url(id)).set(a).field('type', CARD).field('type', CARD).attach('file', TINY_PNG, 'card.png'),
      'type', 'type debe darse una sola vez'],
  ])('when %s, then the message repeats the one detail, as every VALIDATION does', async (_case, send, field, message) => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);

    const res = await send(auth, id);

    expect([res.status, res.body.error.message, res.body.error.details]).toEqual([400, `La solicitud no es válida (${message}).`, [{ field, message }]]);
    expect(snapshot(id)).toEqual(before);
  });

  /** `extra` text fields other than type, sent before type and the file (busboy drops what comes past its limit). */
  const withExtraFields = (auth: Auth, id: string, extra: number) => {
    let req = w.request.post(url(id)).set(auth);
    for (let i = 0; i < extra; i++) req = req.field(`nota${i}`, 'x');
    return req.field('type', CARD).attach('file', TINY_PNG, 'card.png');
  };

  it(`when ${MAX_TEXT_FIELDS - 1} other text fields come before type and the file, then they are ignored: 201`, async () => {
    const { auth, id } = await vehicle();

    const res = await withExtraFields(auth, id, MAX_TEXT_FIELDS - 1);

    expect(res.status).toBe(201);
  });

  it(`when ${MAX_TEXT_FIELDS} other text fields come with type, then 400 says how many the form admits, not that type or the file is missing; nothing is stored`, async () => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);

    const res = await withExtraFields(auth, id, MAX_TEXT_FIELDS);

    const message = `el formulario admite file y como máximo ${MAX_TEXT_FIELDS} campos de texto, type incluido`;
    expect([res.status, res.body.error.message, res.body.error.details]).toEqual([400, `La solicitud no es válida (${message}).`, [{ field: '(cuerpo)', message }]]);
    expect(snapshot(id)).toEqual(before);
  });

  it('when a 4 MB file comes with other fields that take the request past 4 MB + 64 KB, then 413 says the request is over, not the file; under it, 201', async () => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);
    const send = (note: number) => w.request.post(url(id)).set(auth).field('nota', 'x'.repeat(note)).field('type', CARD).attach('file', PNG_4MB, 'card.png');

    const over = await send(64 * 1024);

    expect([over.status, over.body.error.code, over.body.error.message]).toEqual([413, 'FILE_TOO_LARGE',
      'La solicitud supera el máximo de 4 MB del archivo más 64 KB para el resto del formulario (sus otros campos y separadores).']);
    expect(snapshot(id)).toEqual(before);
    expect((await send(60 * 1024)).status).toBe(201);
  });

  it('when a text field of another name comes with the card, then it is ignored: 201, as the DocumentUpload schema says', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id).field('note', 'frente de la tarjeta');

    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('note');
  });
});
