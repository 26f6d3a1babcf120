import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../support/images.ts';
import { journalApp } from '../support/journal.ts';
import type { MultipartBody } from '../../server/journal/entry.ts';
import { validBody } from '../support/vehicles.ts';

describe('request journal: bodies', () => {
  it('when a JSON body is over 64 KiB, then its first 64 KiB are kept as text with truncated: true', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.post('/v1/vehicles').set(auth).send(validBody({ model: 'x'.repeat(70_000) })).expect(400);

    const { request } = t.entries(tenant.id)[0];
    expect(request.truncated).toBe(true);
    expect(typeof request.body).toBe('string');
    expect(Buffer.byteLength(request.body as string)).toBe(64 * 1024);
  });

  it.each([
    ['an empty name', 'form-data; name=""; filename="v.txt"'],
    ['no name', 'form-data; filename="v.txt"'],
    ['a text part with no name', 'form-data'],
  ])('when a multipart part has %s, then the request is answered and the journal describes it with an empty name (the process goes on)', async (_case, disposition) => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const body = `--XyZ\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--\r\n`;

    const res = await t.request.post('/v1/vehicles').set(auth).set('Content-Type', 'multipart/form-data; boundary=XyZ').send(body);

    expect(res.status).toBe(400);
    expect((await t.request.get('/v1/me').set(auth)).status).toBe(200);
    expect(t.entries(tenant.id)[1].request.body).toEqual({ parts: [expect.objectContaining({ name: '' })] });
  });

  it('when a body is exactly 64 KiB, then it is kept whole; one byte more and it is cut', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const bodyOf = (bytes: number) => {
      const skeleton = JSON.stringify({ model: '' });
      return { model: 'y'.repeat(bytes - skeleton.length) };
    };
    await t.request.post('/v1/vehicles').set(auth).send(bodyOf(64 * 1024));
    await t.request.post('/v1/vehicles').set(auth).send(bodyOf(64 * 1024 + 1));

    const [over, exact] = t.entries(tenant.id);
    expect(exact.request).toMatchObject({ body: bodyOf(64 * 1024), truncated: false });
    expect(over.request.truncated).toBe(true);
  });

  it('when a JSON body nests thousands of levels deep, then the request is answered, the journal keeps a note instead of it, and reading it answers 200', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const deep = (levels: number) => `{"plate":${'['.repeat(levels)}${']'.repeat(levels)}}`;

    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'application/json').send(deep(6000)).expect(400);
    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'application/json').send(deep(63)).expect(400);
    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'application/json').send(deep(64)).expect(400);
    const list = await t.request.get(`/_testbed/tenants/${tenant.id}/requests`).expect(200);
    const har = await t.request.get(`/_testbed/tenants/${tenant.id}/requests.har`).expect(200);

    // Newest first: 64 arrays in the object (65 levels), 63 (64 levels, the most kept), 6,000.
    const [over, atLimit, thousands] = list.body.data;
    const note = '(JSON anidado a más de 64 niveles: el diario no lo guarda)';
    expect(atLimit.request).toMatchObject({ body: JSON.parse(deep(63)), truncated: false });
    expect([over.request.body, thousands.request.body]).toEqual([note, note]);
    expect(thousands.request.truncated).toBe(true);
    expect(har.body.log.entries).toHaveLength(3);
  });

  it('when a key straddles a length limit (the path at 2,048 characters, the query, a 64 KiB text body, a 1 KiB form field), then no part of its secret is kept', async () => {
    const t = journalApp();
    const { tenant, key, auth } = t.newTenant();
    const secret = key.key.split('_').pop()!;
    const at = (limit: number, before: string) => 'a'.repeat(limit - before.length - key.key.length + 5);

    await t.request.get(`/v1/vehicles/${at(2048, '/v1/vehicles/')}${key.key}`).set(auth);
    const encoded = key.key.replaceAll('_', '%5F');
    await t.request.get(`/v1/drivers/${'a'.repeat(2048 - '/v1/drivers/'.length - encoded.length + 5)}${encoded}`).set(auth);
    await t.request.get(`/v1/me?x=${at(2048, 'x=')}${key.key}`).set(auth);
    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'text/plain').send(`${at(64 * 1024, '')}${key.key}`);
    await t.request.post('/v1/vehicles/00000000-0000-4000-8000-000000000000/documents').set(auth).field('type', `${at(1024, '')}${key.key}`).attach('file', TINY_PNG, 'c.png');

    const text = JSON.stringify(t.entries(tenant.id));
    expect(text).not.toContain(secret.slice(0, 8));
    expect(text.match(new RegExp(`${key.prefix}_…`, 'g'))?.length).toBeGreaterThanOrEqual(5);
  });

  it('when a document is uploaded, then the parts are described (name, filename, content type, size) and no file byte is kept', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const vehicle = await t.request.post('/v1/vehicles').set(auth).send(validBody());

    await t.request.post(`/v1/vehicles/${vehicle.body.id}/documents`).set(auth).field('type', 'circulation_card').attach('file', TINY_PNG, 'tarjeta.png');

    const entry = t.entries(tenant.id)[0];
    expect(entry.request.body).toEqual({
      parts: [
        { name: 'type', filename: null, contentType: 'text/plain', size: 'circulation_card'.length, value: 'circulation_card' },
        { name: 'file', filename: 'tarjeta.png', contentType: 'image/png', size: TINY_PNG.length },
      ],
    });
    const text = JSON.stringify(entry);
    expect(text).not.toContain(TINY_PNG.toString('base64'));
    expect(text).not.toContain(TINY_PNG.subarray(8).toString('latin1'));
  });
});

describe('request journal: multipart bodies described in part', () => {
  /** A vehicle of the world, and the start of an upload of its documents (not sent: supertest sends on await). */
  const uploader = async (t: ReturnType<typeof journalApp>, auth: Record<string, string>) => {
    const vehicle = await t.request.post('/v1/vehicles').set(auth).send(validBody());
    return () => t.request.post(`/v1/vehicles/${vehicle.body.id}/documents`).set(auth);
  };
  type Upload = ReturnType<Awaited<ReturnType<typeof uploader>>>;

  it('when a text field is over 1 KiB, then its size is its own and its value is cut at 1 KiB, the body whole', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();

    await (await uploader(t, auth))().field('type', 'circulation_card_front').field('nota', 'z'.repeat(3_000)).field('ene', 'ñ'.repeat(600))
      .attach('file', TINY_PNG, 'c.png');

    const { request } = t.entries(tenant.id)[0];
    const [nota, ene] = ['nota', 'ene'].map((name) => (request.body as MultipartBody).parts.find((p) => p.name === name)!);
    expect([nota.size, nota.value!.length, request.truncated]).toEqual([3_000, 1_024, false]);
    // 1 KiB in bytes: 512 two-byte characters of 600.
    expect([ene.size, ene.value]).toEqual([1_200, 'ñ'.repeat(512)]);
  });

  it.each([
    ['a field over 64 KiB', (req: Upload) => req.field('nota', 'z'.repeat(64 * 1024 + 1))],
    ['more than 50 parts', (req: Upload) => Array.from({ length: 55 }, (_, i) => i).reduce((r, i) => r.field(`campo${i}`, 'x'), req)],
  ])('when the body has %s, then what is described is marked truncated', async (_case, fill) => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();

    await fill((await uploader(t, auth))().field('type', 'circulation_card')).attach('file', TINY_PNG, 'c.png');

    const { request } = t.entries(tenant.id)[0];
    expect(request.truncated).toBe(true);
    expect((request.body as MultipartBody).parts.length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    ['a boundary the body never uses', 'multipart/form-data; boundary=XyZ', '--otra\r\nContent-Disposition: form-data; name="type"\r\n\r\ncirculation_card\r\n--otra--\r\n'],
    ['a body broken before its first part', 'multipart/form-data; boundary=x', '--x\r\ngarbage'],
  ])('when a multipart body has %s, then the upload is 400 and the journal keeps the body as text as it came (no part could be read)', async (_case, type, body) => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const upload = await uploader(t, auth);

    await upload().set('Content-Type', type).send(body).expect(400);

    const { request } = t.entries(tenant.id)[0];
    expect([request.body, request.truncated]).toEqual([body, false]);
  });

  it('when a multipart body breaks after a part was read, then the parts read are described, never the bytes', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const upload = await uploader(t, auth);
    const body = '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\ncirculation_card\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\nBYTES-OF-THE-FILE';

    await upload().set('Content-Type', 'multipart/form-data; boundary=x').send(body).expect(400);

    const { request } = t.entries(tenant.id)[0];
    expect(request.truncated).toBe(true);
    expect((request.body as MultipartBody).parts[0]).toMatchObject({ name: 'type', value: 'circulation_card' });
    expect(JSON.stringify(request.body)).not.toContain('BYTES-OF-THE-FILE');
  });

  it('when a fault answers an upload before the API reads it, then the parts that had arrived are marked truncated, not shown as the whole body', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'internal', operation: 'uploadDocument' }).expect(201);

    await (await uploader(t, auth))().field('type', 'circulation_card_front').attach('file', Buffer.alloc(2_000_000), 'c.png').expect(500);

    const { request } = t.entries(tenant.id)[0];
    expect(request.truncated).toBe(true);
    // The file's end was not read: its size so far is not its size, so none is given (not 0).
    const file = (request.body as MultipartBody).parts.find((p) => p.name === 'file');
    expect(file).toEqual({ name: 'file', filename: 'c.png', contentType: 'image/png', size: null });
    // Its type field came whole before it: its size is its own.
    expect((request.body as MultipartBody).parts[0]).toMatchObject({ name: 'type', size: 'circulation_card_front'.length });
  });
});

describe('request journal: faults', () => {
  it('when a fault rule answered the request, then the entry carries the rule id, as X-Testbed-Fault does', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const rule = (await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'internal', operation: 'getMe', times: 1 }).expect(201)).body;

    const faulted = await t.request.get('/v1/me').set(auth).expect(500);
    await t.request.get('/v1/me').set(auth).expect(200);

    expect(faulted.headers['x-testbed-fault']).toBe(rule.id);
    expect(t.entries(tenant.id).map((e) => [e.status, e.fault])).toEqual([[200, null], [500, rule.id]]);
  });

  it('when a fault rule drops the connection, then the entry has no status and says which rule did it', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    const rule = (await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'reset', times: 1 }).expect(201)).body;

    const dropped = await t.request.get('/v1/me').set(auth).then(() => null, (err: Error) => err);

    expect(dropped).toBeInstanceOf(Error);
    // The server sees the socket close a moment after the client does.
    await expect.poll(() => t.entries(tenant.id).length, { timeout: 30_000 }).toBe(1);
    // No answer went out, so no header did: the request id and the rule's header were set, never sent.
    expect(t.entries(tenant.id)[0]).toMatchObject({ status: null, fault: rule.id, response: { headers: {}, body: null } });
  });

  it('when the journal is filtered by status=none, then only the requests that got no answer come; a class or a code never finds them', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.get('/v1/me').set(auth).expect(200);
    await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'reset', times: 1 }).expect(201);
    await t.request.get('/v1/vehicles').set(auth).then(() => null, () => null);
    await expect.poll(() => t.entries(tenant.id).length, { timeout: 30_000 }).toBe(2);
    const shown = async (status: string) => (await t.request.get(`/_testbed/tenants/${tenant.id}/requests?status=${status}`).expect(200)).body.data
      .map((e: { path: string; status: number | null }) => `${e.path} ${e.status}`);

    expect(await shown('none')).toEqual(['/v1/vehicles null']);
    expect(await shown('NONE')).toEqual(['/v1/vehicles null']);
    expect(await shown('2xx')).toEqual(['/v1/me 200']);
    expect((await t.request.get(`/_testbed/tenants/${tenant.id}/requests?status=nada`).expect(400)).body.error.message)
      .toContain('status debe ser un código HTTP (p. ej. 404), una clase (p. ej. 4xx) o none (sin respuesta)');
  });
});
