import { describe, expect, it } from 'vitest';
import { journalApp } from '../support/journal.ts';
import { validBody } from '../support/vehicles.ts';

describe('request journal: what is captured', () => {
  it('when a world reads a vehicle, then the entry has the contract fields, the world time and the requestId of X-Request-Id', async () => {
    const t = journalApp();
    const { tenant, key, auth } = t.newTenant();
    const created = await t.request.post('/v1/vehicles').set(auth).send(validBody());

    const res = await t.request.get(`/v1/vehicles/${created.body.id}?expand=x`).set(auth).set('X-Trace', 'abc');

    const [entry, first] = t.entries(tenant.id);
    expect(entry).toEqual({
      id: 'je_2',
      requestId: res.headers['x-request-id'],
      at: t.deps.clocks.forTenant(tenant.id).now().toISOString(),
      method: 'GET',
      path: `/v1/vehicles/${created.body.id}`,
      query: { expand: 'x' },
      operation: 'getVehicle',
      status: 200,
      durationMs: expect.any(Number),
      keyId: key.id,
      keyPrefix: key.prefix,
      fault: null,
      request: { headers: expect.objectContaining({ authorization: `Bearer ${key.prefix}_…`, 'x-trace': 'abc' }), body: null, truncated: false },
      response: { headers: expect.objectContaining({ 'x-request-id': res.headers['x-request-id'] }), body: res.body, truncated: false },
    });
    expect(first).toMatchObject({ id: 'je_1', method: 'POST', operation: 'createVehicle', status: 201, request: { body: validBody() } });
  });

  it("when a world's clock is ahead of the service's, then `at` is the world's time, not the service's", async () => {
    const t = journalApp();
    const ahead = t.newTenant('Adelantado');
    const other = t.newTenant('Al día');
    t.deps.clocks.setOffset(ahead.tenant.id, 3 * 86_400_000);

    await t.request.get('/v1/me').set(ahead.auth).expect(200);
    await t.request.get('/v1/me').set(other.auth).expect(200);

    expect(t.entries(ahead.tenant.id)[0].at).toBe('2026-03-05T15:00:00.000Z');
    expect(t.entries(other.tenant.id)[0].at).toBe('2026-03-02T15:00:00.000Z');
  });

  it.each([
    ['a revoked key', 401, async (t: ReturnType<typeof journalApp>) => {
      const w = t.newTenant();
      t.tenants.revokeKey(w.key.id);
      return { w, res: await t.request.get('/v1/me').set(w.auth) };
    }],
    ['a pending tenant', 403, async (t: ReturnType<typeof journalApp>) => {
      const tenant = t.tenants.createTenant('Flota Pendiente', 'pending');
      const key = t.tenants.createKey(tenant.id);
      const w = { tenant, key, auth: { Authorization: `Bearer ${key.key}` } };
      return { w, res: await t.request.get('/v1/me').set(w.auth) };
    }],
    ['a key without the scope', 403, async (t: ReturnType<typeof journalApp>) => {
      const w = t.newTenant('Flota Lectora', ['vehicles:read']);
      return { w, res: await t.request.post('/v1/vehicles').set(w.auth).send(validBody()) };
    }],
    ['invalid JSON', 400, async (t: ReturnType<typeof journalApp>) => {
      const w = t.newTenant();
      return { w, res: await t.request.post('/v1/vehicles').set(w.auth).set('Content-Type', 'application/json').send('{"plate": ') };
    }],
    ['an unknown route', 404, async (t: ReturnType<typeof journalApp>) => {
      const w = t.newTenant();
      return { w, res: await t.request.get('/v1/nada').set(w.auth) };
    }],
  ])('when a request with %s is refused (%i), then the world journal keeps it with its status and requestId', async (_case, status, send) => {
    const t = journalApp();
    const { w, res } = await send(t);

    expect(res.status).toBe(status);
    const [entry] = t.entries(w.tenant.id);
    expect(entry).toMatchObject({ status, keyId: w.key.id, keyPrefix: w.key.prefix, requestId: res.body.error.requestId });
    expect(entry.response.body).toEqual(res.body);
  });

  it('when no answer went out (a reset fault after the handler) or a HEAD is answered, then the entry shows no response body: none was sent', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'reset', operation: 'getMe', when: 'after', times: 1 }).expect(201);

    const dropped = await t.request.get('/v1/me').set(auth).then(() => null, (err: Error) => err);
    await t.request.head('/v1/me').set(auth).expect(200);

    const [head, reset] = t.entries(tenant.id);
    expect(dropped).not.toBeNull();
    expect(reset).toMatchObject({ method: 'GET', status: null, response: { headers: {}, body: null } });
    expect(head).toMatchObject({ method: 'HEAD', status: 200, response: { body: null } });
  });

  it('when the rate limit refuses a request (429), then it is kept too', async () => {
    const t = journalApp({ rateLimit: 1, realNowMs: () => 1_000 });
    const { tenant, auth } = t.newTenant();
    await t.request.get('/v1/me').set(auth).expect(200);
    await t.request.get('/v1/me').set(auth).expect(429);

    expect(t.entries(tenant.id).map((e) => e.status)).toEqual([429, 200]);
  });

  it('when the body is not JSON that parses, then the text sent is kept, as text', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/json').send('{"plate": ').expect(400);

    expect(t.entries(tenant.id)[0].request).toMatchObject({ body: '{"plate": ', truncated: false });
  });

  it('when the API never read a body (a pending tenant\'s 403, a revoked key\'s 401, a form), then it is kept as sent: JSON as JSON, a form as text', async () => {
    const t = journalApp();
    const pending = t.tenants.createTenant('Flota Pendiente', 'pending');
    const pendingKey = t.tenants.createKey(pending.id);
    const revoked = t.newTenant('Flota Revocada');
    t.tenants.revokeKey(revoked.key.id);
    const { tenant, auth } = t.newTenant();
    const body = { plate: 'JRN-001', notes: 'sin leer' };

    await t.request.post('/v1/vehicles').set('Authorization', `Bearer ${pendingKey.key}`).send(body).expect(403);
    await t.request.post('/v1/vehicles').set(revoked.auth).send(body).expect(401);
    await t.request.post('/v1/vehicles').set(auth).set('Content-Type', 'application/x-www-form-urlencoded').send('plate=JRN-002').expect(400);

    expect(t.entries(pending.id)[0].request).toMatchObject({ body, truncated: false });
    expect(t.entries(revoked.tenant.id)[0].request).toMatchObject({ body, truncated: false });
    expect(t.entries(tenant.id)[0].request).toMatchObject({ body: 'plate=JRN-002', truncated: false });
  });

  it('when a key does not match or names no key, then no world journals it: it was not made with a world key', async () => {
    const t = journalApp();
    const { tenant, key } = t.newTenant();
    const wrongSecret = `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`;

    await t.request.get('/v1/me').set('Authorization', `Bearer ${wrongSecret}`).expect(401);
    await t.request.get('/v1/me').expect(401);

    expect(t.entries(tenant.id)).toEqual([]);
    expect(t.services.journal.stats().totalBytes).toBe(0);
  });

  it('when two worlds make requests, then each journal holds its own only', async () => {
    const t = journalApp();
    const one = t.newTenant('Uno');
    const two = t.newTenant('Dos');
    await t.request.get('/v1/me').set(one.auth);
    await t.request.get('/v1/vehicles').set(two.auth);
    await t.request.get('/v1/drivers').set(two.auth);

    expect(t.entries(one.tenant.id).map((e) => e.path)).toEqual(['/v1/me']);
    expect(t.entries(two.tenant.id).map((e) => e.path)).toEqual(['/v1/drivers', '/v1/vehicles']);
  });

  it('when the journal is off (FLEET_JOURNAL_MB=0), then nothing is kept, and reading it is a 409 saying it is off (an empty page read as "nothing sent")', async () => {
    const t = journalApp({ journalMb: 0 });
    const { tenant, auth } = t.newTenant();
    await t.request.get('/v1/me').set(auth).expect(200);

    const list = await t.request.get(`/_testbed/tenants/${tenant.id}/requests`);
    const har = await t.request.get(`/_testbed/tenants/${tenant.id}/requests.har`);
    const cleared = await t.request.delete(`/_testbed/tenants/${tenant.id}/requests`);

    expect(t.services.journal.stats().totalBytes).toBe(0);
    for (const res of [list, har]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('El diario de solicitudes está apagado en este testbed (FLEET_JOURNAL_MB=0)') });
    }
    expect(cleared.body).toEqual({ deleted: 0 });
    expect((await t.request.get('/_testbed/tenants/00000000-0000-4000-8000-000000000000/requests')).status).toBe(404);
  });

  it('when a health check or the API document is read, then nothing is journaled: no key was asked', async () => {
    const t = journalApp();
    const { tenant, auth } = t.newTenant();
    await t.request.get('/v1/health').set(auth).expect(200);

    expect(t.entries(tenant.id)).toEqual([]);
  });
});
