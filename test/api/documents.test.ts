import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { advanceClock } from '../../server/testbed/clock.ts';
import { PDF_FILE, PNG_4MB, PNG_4MB_PLUS_1, TEXT_FILE, TINY_JPEG, TINY_PNG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';

type Auth = { Authorization: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CARD = 'circulation_card_front';

describe('vehicle documents', () => {
  const w = useWorld();
  let seq = 0;

  async function vehicle(options: { register?: 'platform_a' | 'platform_b' | null } = {}) {
    const owner = w.newTenant();
    const body = { plate: `DC-${String(++seq).padStart(4, '0')}`, brand: 'Ford', model: 'Figo', year: 2021, color: 'Gris', city: 'León',
      vin: `9BWZZZ377VT${String(seq).padStart(6, '0')}` };
    const { id } = (await w.request.post('/v1/vehicles').set(owner.auth).send(body).expect(201)).body;
    const platform = options.register === undefined ? 'platform_a' : options.register;
    if (platform) await w.request.post(`/v1/vehicles/${id}/registrations`).set(owner.auth).send({ platform }).expect(201);
    return { ...owner, id: id as string };
  }
  const url = (id: string) => `/v1/vehicles/${id}/documents`;
  const upload = (auth: Auth, id: string, file: Buffer = TINY_PNG, name = 'card.png', contentType?: string) =>
    w.request.post(url(id)).set(auth).field('type', CARD).attach('file', file, contentType ? { filename: name, contentType } : name);
  const history = (auth: Auth, id: string) => w.request.get(url(id)).set(auth);
  const snapshot = (id: string) => ({
    documents: w.deps.db.prepare('SELECT * FROM documents WHERE vehicle_id = ? ORDER BY id').all(id),
    registrations: w.deps.db.prepare('SELECT * FROM vehicle_registrations WHERE vehicle_id = ? ORDER BY platform').all(id),
    vehicle: w.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(id),
    cardsAtPlatform: (w.net.simulators.db.prepare('SELECT COUNT(*) AS n FROM pa_documents').get() as { n: number }).n,
  });

  it('when a PNG is sent as card.jpg with type image/jpeg, then 201 Document typed image/png by its content', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id, TINY_PNG, 'card.jpg', 'image/jpeg');

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID), vehicleId: id, type: CARD, status: 'submitted', contentType: 'image/png',
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
    ['4 MB + 1 byte', PNG_4MB_PLUS_1, 413, 'FILE_TOO_LARGE'],
    ['a text file', TEXT_FILE, 415, 'INVALID_FILE_TYPE'],
    ['a PDF declared image/png', PDF_FILE, 415, 'INVALID_FILE_TYPE'],
  ])('when the file is %s, then %i %s and nothing is stored or sent', async (_case, file, status, code) => {
    const { auth, id } = await vehicle();
    const before = snapshot(id);

    const res = await upload(auth, id, file, 'card.png', 'image/png');

    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
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

  it('when a text field of another name comes with the card, then it is ignored: 201, as the DocumentUpload schema says', async () => {
    const { auth, id } = await vehicle();

    const res = await upload(auth, id).field('note', 'frente de la tarjeta');

    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('note');
  });

  it.each([
    ['not registered anywhere', null],
    ['registered on platform_b only', 'platform_b'],
  ] as const)('when the vehicle is %s, then 409 CONFLICT and nothing is stored', async (_case, register) => {
    const { auth, id } = await vehicle({ register });
    const before = snapshot(id);

    const res = await upload(auth, id);

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(snapshot(id)).toEqual(before);
  });

  it.each([
    ["another tenant's vehicle", 'other'],
    ['an unknown vehicle', 'unknown'],
    ['a non-UUID id', 'bad'],
  ])('when the path names %s, then upload and history answer 404 (before any body check)', async (_case, kind) => {
    const owner = await vehicle();
    const caller = w.newTenant('Flota Ajena');
    const id = { other: owner.id, unknown: '0b6b2f3e-93f5-4c36-9d8c-3f1d9b1c2a77', bad: 'not-a-uuid' }[kind]!;

    const uploaded = await upload(caller.auth, id);
    const withoutFile = await w.request.post(url(id)).set(caller.auth).field('type', CARD);
    const notMultipart = await w.request.post(url(id)).set(caller.auth).send({ type: CARD });
    const listed = await history(caller.auth, id);

    expect([uploaded.status, withoutFile.status, notMultipart.status, listed.status]).toEqual([404, 404, 404, 404]);
    expect((await history(owner.auth, owner.id)).body.data).toEqual([]);
  });

  it.each<[string, Scope[], number, number]>([
    ['vehicles:read and vehicles:write only', ['vehicles:read', 'vehicles:write'], 403, 200],
    ['documents:write only', ['documents:write'], 201, 403],
  ])('when the key holds %s, then upload answers %i and history %i', async (_case, scopes, uploadStatus, historyStatus) => {
    const { tenant, id } = await vehicle();
    const key = { Authorization: `Bearer ${w.tenants.createKey(tenant.id, scopes).key}` };

    const uploaded = await upload(key, id);
    const listed = await history(key, id);

    expect([uploaded.status, listed.status]).toEqual([uploadStatus, historyStatus]);
    if (uploadStatus === 403) expect(uploaded.body.error.code).toBe('INSUFFICIENT_SCOPE');
    if (historyStatus === 403) expect(listed.body.error.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('when platform_a refuses the card (4xx), then 422 PLATFORM_REJECTED and the card is kept as a failed document', async () => {
    const { auth, id } = await vehicle();
    const registrationBefore = snapshot(id).registrations;
    w.net.platformError('platform_a', 422);

    const res = await upload(auth, id, TINY_JPEG);

    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PLATFORM_REJECTED');
    expect((await history(auth, id)).body.data).toEqual([
      { id: expect.stringMatching(UUID), vehicleId: id, type: CARD, status: 'failed', contentType: 'image/jpeg',
        sizeBytes: TINY_JPEG.length, submittedAt: w.clock.now().toISOString() },
    ]);
    expect(snapshot(id).registrations).toEqual(registrationBefore);
  });

  it.each(['down', '500', 'slow'] as const)('when platform_a is %s, then 503 PLATFORM_UNAVAILABLE with Retry-After, nothing stored, and the retry works', async (fault) => {
    // Arrange
    const { auth, id } = await vehicle();
    const before = snapshot(id);
    if (fault === 'down') w.net.platformDown('platform_a');
    if (fault === '500') w.net.platformError('platform_a', 500);
    if (fault === 'slow') w.net.platformSlow('platform_a', 2_500);

    // Act
    const res = await upload(auth, id);
    const during = { ...snapshot(id), cardsAtPlatform: before.cardsAtPlatform };
    w.net.server.resetHandlers();
    const retried = await upload(auth, id);

    // Assert
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(during).toEqual(before);
    expect(retried.status).toBe(201);
    expect((await history(auth, id)).body.data).toHaveLength(1);
  });
});
