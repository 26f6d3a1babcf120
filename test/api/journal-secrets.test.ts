import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { unicodeString } from '../support/arbitraries.ts';

const RUNS = { numRuns: 60 };
const PATHS = ['/v1/me', '/v1/vehicles', '/v1/vehicles/{x}', '/v1/drivers/{x}', '/v1/nada/{x}', '/v1/vehicles/{x}/documents'];

/** The secret as given, or as a URL or a JSON text may spell it (decoded back to it by their readers). */
const inUrl = (secret: string) => fc.constantFrom(secret, secret.replaceAll('_', '%5F'));
const inJson = (secret: string) => fc.constantFrom(secret, secret.replaceAll('_', '\\u005f'));

/** The journal's text, and the same with its %-escapes undone: neither may hold a secret. */
const readings = (text: string) => [text, text.replace(/%5F/gi, '_')];

/** A random request of a world, with its own key and others' secrets hidden in random places. */
function randomRequest(secrets: string[]) {
  const secret = fc.constantFrom(...secrets);
  const piece = fc.oneof(unicodeString, secret, fc.tuple(unicodeString, secret, unicodeString).map((p) => p.join('')));
  return fc.record({
    method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
    path: fc.tuple(fc.constantFrom(...PATHS), secret.chain(inUrl)).map(([p, s]) => p.replace('{x}', s)),
    query: fc.dictionary(fc.oneof(fc.constantFrom('plate', 'q'), secret), fc.oneof(piece, secret.chain(inUrl)), { maxKeys: 3 }),
    header: fc.option(fc.tuple(fc.constantFrom('x-api-key', 'x-trace', 'cookie'), secret), { nil: undefined }),
    body: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.constantFrom('plate', 'model', 'notes', 'key', 'name'), fc.oneof(piece, fc.array(piece, { maxLength: 3 })), { maxKeys: 4 }).map((b) => ({ kind: 'json' as const, b })),
      secret.chain(inJson).map((s) => ({ kind: 'raw' as const, b: `{"plate":"${s}", "model": ` })),
      fc.tuple(secret, secret).map(([name, file]) => ({ kind: 'multipart' as const, b: { name, file } })),
    ),
  });
}

describe('request journal: never a secret', () => {
  it('when a world sends random requests with keys hidden anywhere, then no entry and no HAR ever holds a secret', async () => {
    const t = makeTestApp();
    const { tenant, key, auth } = t.newTenant();
    const second = t.tenants.createKey(tenant.id);
    const elsewhere = t.newTenant('Otra').key;
    const secrets = [key.key, second.key, elsewhere.key];

    await fc.assert(
      fc.asyncProperty(randomRequest(secrets), async (r) => {
        t.services.journal.clear(tenant.id); // each request judged alone, so a failure shrinks to one
        const url = `${r.path}?${new URLSearchParams(r.query)}`;
        let req = t.request[r.method.toLowerCase() as 'get'](url).set(auth);
        if (r.header) req = req.set(r.header[0], r.header[1]);
        if (r.body?.kind === 'json') req = req.send(r.body.b);
        if (r.body?.kind === 'raw') req = req.set('Content-Type', 'application/json').send(r.body.b);
        if (r.body?.kind === 'multipart') req = req.field(r.body.b.name, r.body.b.file).attach('file', Buffer.from(r.body.b.file), `${r.body.b.file}.png`);
        await req.catch(() => undefined);

        const kept = JSON.stringify([t.services.journal.list(tenant.id, { limit: '100' }), t.services.journal.har(tenant.id, {})]);
        const found = secrets.filter((s) => readings(kept).some((text) => text.includes(s)));
        expect(found, `a secret is in the journal: ${kept}`).toEqual([]);
      }),
      RUNS,
    );
    // The property held over requests that were journaled at all.
    expect(t.services.journal.list(tenant.id, {}).data).toHaveLength(1);
  });

  it.each([
    ['letters and dashes', 'token-de-control-0123456789'],
    ['signs a URL escapes', 'QA!tok*en(x)+y/0123456789'],
    ['a quote and a backslash, escaped in JSON text', 'QA"tok\\en-0123456789'],
  ])('when a world\'s request carries the control token (%s) anywhere, in any spelling, or cut by a limit, then the journal and the HAR show [oculto]; a cookie or proxy credential too', async (_case, token) => {
    const t = makeTestApp({ controlToken: token });
    const { tenant, auth } = t.newTenant();
    const everyByte = [...Buffer.from(token)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    const cutPath = `/v1/vehicles/${'a'.repeat(2048 - '/v1/vehicles/'.length - 10)}${encodeURIComponent(token)}`;

    await t.request.get(`/v1/vehicles/${encodeURIComponent(token)}?control=${encodeURIComponent(token)}`).set(auth)
      .set('x-control-token', token).set('cookie', 'fleet_dashboard=abc123').set('proxy-authorization', 'Basic c2VjcmV0OnBhc3M=');
    await t.request.get(`/v1/vehicles/${everyByte}`).set(auth);
    await t.request.get(`/v1/vehicles/${encodeURIComponent(encodeURIComponent(token))}`).set(auth);
    await t.request.get(cutPath).set(auth);
    await t.request.post('/v1/vehicles').set(auth).send({ plate: token, notes: `el token ${token}` });
    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'application/json').send(`{"notes": "${'x'.repeat(65_536 - 25)}${JSON.stringify(token).slice(1, -1)}"}`);

    const list = t.services.journal.list(tenant.id, { limit: '100' });
    const kept = JSON.stringify([list, t.services.journal.har(tenant.id, {})]);
    const shown = [kept, decodeURIComponent(kept.replace(/%(?![0-9a-f]{2})/gi, '%25'))];
    for (const secret of [token, JSON.stringify(token).slice(1, -1), token.slice(0, 10), 'abc123', 'c2VjcmV0OnBhc3M=']) {
      for (const text of shown) expect(text, secret).not.toContain(secret);
    }
    const read = list.data.at(-1)!;
    expect(read.request.headers).toMatchObject({ 'x-control-token': '[oculto]', cookie: '[oculto]', 'proxy-authorization': '[oculto]' });
    expect([read.path, read.query]).toEqual(['/v1/vehicles/[oculto]', { control: '[oculto]' }]);
    expect(list.data[1].request.body).toMatchObject({ plate: '[oculto]', notes: 'el token [oculto]' });
  });

  it('when the control token is hidden, then only it changes: the rest of a form body or a path stays as sent, and a text that only starts like it is kept', async () => {
    const token = 'QA!tok*en(x)+y/0123456789';
    const t = makeTestApp({ controlToken: token });
    const { tenant, auth } = t.newTenant();
    const form = `a=x%26y&note=50%25&t=${new URLSearchParams({ t: token }).toString().slice(2)}`;

    await t.request.post('/v1/vehicles').set(auth).set('content-type', 'application/x-www-form-urlencoded').send(form);
    await t.request.get(`/v1/vehicles/a%2Fb/${encodeURIComponent(encodeURIComponent(token))}?t=${token.replace('/', '%2F')}`).set(auth);
    await t.request.post('/v1/vehicles').set(auth).send({ client: token.slice(0, 12), notes: 'nada que ocultar 100%' });

    const [startsLike, inPath, inForm] = t.services.journal.list(tenant.id, {}).data;
    expect(inForm.request.body).toBe('a=x%26y&note=50%25&t=[oculto]');
    expect([inPath.path, inPath.query]).toEqual(['/v1/vehicles/a%2Fb/[oculto]', { t: '[oculto]' }]);
    expect(startsLike.request.body).toEqual({ client: token.slice(0, 12), notes: 'nada que ocultar 100%' });
  });
});
