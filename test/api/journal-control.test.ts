import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { validBody } from '../support/vehicles.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A world that made five requests: POST 201, POST 400, GET by id 200, GET by id 404, GET list 200. */
async function worldWithRequests() {
  const t = makeTestApp();
  const { tenant, key, auth } = t.newTenant();
  const created = await t.request.post('/v1/vehicles').set(auth).send(validBody()).expect(201);
  await t.request.post('/v1/vehicles').set(auth).send({}).expect(400);
  await t.request.get(`/v1/vehicles/${created.body.id}`).set(auth).expect(200);
  await t.request.get(`/v1/vehicles/${MISSING}`).set(auth).expect(404);
  await t.request.get('/v1/vehicles?limit=2').set(auth).expect(200);
  const journal = (query = '') => t.request.get(`/_testbed/tenants/${tenant.id}/requests${query}`);
  const shown = async (query = '') => (await journal(query).expect(200)).body.data.map((e: { method: string; path: string; status: number }) => `${e.method} ${e.path} ${e.status}`);
  return { t, tenant, key, auth, vehicleId: created.body.id as string, journal, shown };
}

describe('GET /_testbed/tenants/{id}/requests', () => {
  it('when no filter is given, then every entry comes newest first with hasMore false', async () => {
    const w = await worldWithRequests();

    expect(await w.shown()).toEqual([
      'GET /v1/vehicles 200',
      `GET /v1/vehicles/${MISSING} 404`,
      `GET /v1/vehicles/${w.vehicleId} 200`,
      'POST /v1/vehicles 400',
      'POST /v1/vehicles 201',
    ]);
    expect((await w.journal().expect(200)).body.hasMore).toBe(false);
  });

  it.each([
    ['?method=post', ['POST /v1/vehicles 400', 'POST /v1/vehicles 201']],
    ['?path=/v1/vehicles/{id}', ['GET /v1/vehicles/{MISSING} 404', 'GET /v1/vehicles/{VEHICLE} 200']],
    // A template with a trailing slash, or its braces escaped twice over (%257B reads as %7B), is that template, as in a fault rule.
    ['?path=/v1/vehicles/{id}/', ['GET /v1/vehicles/{MISSING} 404', 'GET /v1/vehicles/{VEHICLE} 200']],
    ['?path=/v1/vehicles/%257Bid%257D', ['GET /v1/vehicles/{MISSING} 404', 'GET /v1/vehicles/{VEHICLE} 200']],
    ['?path=/v1/vehicles', ['GET /v1/vehicles 200', 'POST /v1/vehicles 400', 'POST /v1/vehicles 201']],
    ['?path=/v1/vehicles/{VEHICLE}', ['GET /v1/vehicles/{VEHICLE} 200']],
    ['?path=/V1/Vehicles/', ['GET /v1/vehicles 200', 'POST /v1/vehicles 400', 'POST /v1/vehicles 201']],
    ['?operation=getVehicle', ['GET /v1/vehicles/{MISSING} 404', 'GET /v1/vehicles/{VEHICLE} 200']],
    ['?status=4xx', ['GET /v1/vehicles/{MISSING} 404', 'POST /v1/vehicles 400']],
    ['?status=201', ['POST /v1/vehicles 201']],
    ['?method=GET&status=200&path=/v1/vehicles/{id}', ['GET /v1/vehicles/{VEHICLE} 200']],
  ])('when filtered by %s, then only those entries come', async (query, expected) => {
    const w = await worldWithRequests();
    const fill = (s: string) => s.replace('{MISSING}', MISSING).replace('{VEHICLE}', w.vehicleId);

    expect(await w.shown(fill(query))).toEqual(expected.map(fill));
  });

  it('when a world sent a method a route has not (its 405), then a filter by the route\'s template finds it, as one by its concrete path does', async () => {
    const w = await worldWithRequests();
    await w.t.request.put(`/v1/vehicles/${w.vehicleId}`).set(w.auth).send({}).expect(405);

    const byTemplate = await w.shown('?path=/v1/vehicles/{id}&method=PUT');
    const byPath = await w.shown(`?path=/v1/vehicles/${w.vehicleId}&method=PUT`);

    expect(byTemplate).toEqual([`PUT /v1/vehicles/${w.vehicleId} 405`]);
    expect(byPath).toEqual(byTemplate);
  });

  it('when a world sent TRACE or PURGE (journaled, answered 405/404), then ?method= finds each; a word that is no method is refused', async () => {
    const w = await worldWithRequests();
    await w.t.request.trace('/v1/vehicles').set(w.auth);
    await w.t.request.purge('/v1/vehicles').set(w.auth);

    const trace = await w.journal('?method=trace').expect(200);
    const purge = await w.journal('?method=PURGE').expect(200);
    const fetch = await w.journal('?method=FETCH').expect(400);

    expect(trace.body.data.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual(['TRACE /v1/vehicles']);
    expect(purge.body.data.map((e: { method: string; path: string }) => `${e.method} ${e.path}`)).toEqual(['PURGE /v1/vehicles']);
    expect(fetch.body.error.message).toContain('method debe ser un método HTTP');
  });

  it('when a world sent HEAD (which a rule\'s GET faults too), then ?method=GET lists the GETs as sent and no HEAD; ?method=HEAD and ?operation find it', async () => {
    const w = await worldWithRequests();
    await w.t.request.head(`/v1/vehicles/${w.vehicleId}`).set(w.auth).expect(200);

    const heads = (await w.shown('?method=HEAD')).length;
    const byOperation = await w.shown('?operation=getVehicle');
    const gets = await w.shown('?method=GET');

    expect(heads).toBe(1);
    expect(byOperation[0]).toBe(`HEAD /v1/vehicles/${w.vehicleId} 200`);
    expect(gets.some((line: string) => line.startsWith('HEAD'))).toBe(false);
    expect(gets).toHaveLength(3);
  });

  it('when a world sent a path with characters it percent-encoded (vehículos, 😀), then ?path= finds it by its characters or by its escapes', async () => {
    const w = await worldWithRequests();
    await w.t.request.get('/v1/veh%C3%ADculos/%F0%9F%98%80').set(w.auth).expect(404);
    const asSent = '/v1/veh%C3%ADculos/%F0%9F%98%80';

    const byCharacters = await w.journal(`?path=${encodeURIComponent('/v1/vehículos/😀')}`).expect(200);
    const byEscapes = await w.journal(`?path=${encodeURIComponent(asSent.toLowerCase())}`).expect(200);

    expect(byCharacters.body.data.map((e: { path: string }) => e.path)).toEqual([asSent]);
    expect(byEscapes.body.data.map((e: { path: string }) => e.path)).toEqual([asSent]);
  });

  it('when paged with limit and startingAfter, then the pages follow each other with no gap and the last says hasMore false', async () => {
    const w = await worldWithRequests();

    const first = (await w.journal('?limit=2').expect(200)).body;
    const second = (await w.journal(`?limit=2&startingAfter=${first.data[1].id}`).expect(200)).body;
    const third = (await w.journal(`?limit=2&startingAfter=${second.data[1].id}`).expect(200)).body;

    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect([...first.data, ...second.data, ...third.data].map((e: { id: string }) => e.id)).toEqual(['je_5', 'je_4', 'je_3', 'je_2', 'je_1']);
  });

  it('when startingAfter is an id this journal never gave, then 400 names the last one; the last one itself pages on (the boundary)', async () => {
    const w = await worldWithRequests();

    const beyond = await w.journal('?startingAfter=je_6').expect(400);
    const zero = await w.journal('?startingAfter=je_0').expect(400);
    const last = await w.journal('?startingAfter=je_5').expect(200);

    expect(zero.body.error.code).toBe('VALIDATION');
    expect(beyond.body.error).toMatchObject({ code: 'VALIDATION', message: 'La solicitud no es válida (startingAfter no corresponde a ninguna entrada del diario de este mundo: la última es je_5).' });
    expect(last.body.data.map((e: { id: string }) => e.id)).toEqual(['je_4', 'je_3', 'je_2', 'je_1']);
  });

  it('when the journal was emptied, then a cursor it gave before still pages on (nothing older), and a world with no entry yet says so', async () => {
    const w = await worldWithRequests();
    await w.t.request.delete(`/_testbed/tenants/${w.tenant.id}/requests`).expect(200);
    const fresh = w.t.newTenant();

    const emptied = await w.journal('?startingAfter=je_3').expect(200);
    const none = await w.t.request.get(`/_testbed/tenants/${fresh.tenant.id}/requests?startingAfter=je_1`).expect(400);

    expect(emptied.body).toEqual({ data: [], hasMore: false });
    expect(none.body.error.message).toBe('La solicitud no es válida (startingAfter no corresponde a ninguna entrada del diario de este mundo: aún no tiene ninguna).');
  });

  it.each([
    ['?limit=1', 200],
    ['?limit=100', 200],
    ['?limit=0', 400],
    ['?limit=101', 400],
    ['?limit=abc', 400],
    ['?status=600', 400],
    ['?status=4x', 400],
    ['?method=FETCH', 400],
    ['?path=v1/vehicles', 400],
    // Outside /v1 the journal keeps nothing, and a fault rule refuses such a path: an empty answer would pass any "nothing sent" check.
    ['?path=/me', 400],
    ['?path=/V1/ME', 200],
    ['?path=/v1/vehicles/{vehicleId}', 400],
    ['?startingAfter=42', 400],
    ['?operation=borrarTodo', 400],
    // Never a world's request: read without a key. Another method on its path is (a 405, with a key).
    ['?operation=getHealth', 400],
    ['?path=/v1/health', 400],
    ['?path=/v1/openapi.json&method=get', 400],
    ['?path=/v1/health&method=POST', 200],
    ['?path=/v1/vehicles%3Fplate%3DX', 400],
  ])('when the query is %s, then %i', async (query, status) => {
    const w = await worldWithRequests();

    const res = await w.journal(query).expect(status);

    if (status === 400) {
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.message).toMatch(/limit|status|method|path|startingAfter|operation/);
    }
    if (query === '?limit=1') expect(res.body.data).toHaveLength(1);
  });

  it('when the tenant does not exist or the id is not a UUID, then 404 NOT_FOUND in Spanish', async () => {
    const t = makeTestApp();
    for (const id of [MISSING, 'no-es-un-uuid']) {
      const res = await t.request.get(`/_testbed/tenants/${id}/requests`).expect(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `El tenant ${id} no existe en este testbed.` });
    }
    // A long one is named cut at 64 characters, the boundary kept whole.
    const long = await t.request.get(`/_testbed/tenants/${'x'.repeat(65)}/requests`).expect(404);
    const exact = await t.request.get(`/_testbed/tenants/${'x'.repeat(64)}/requests`).expect(404);
    expect(long.body.error.message).toBe(`El tenant ${'x'.repeat(64)}… no existe en este testbed.`);
    expect(exact.body.error.message).toBe(`El tenant ${'x'.repeat(64)} no existe en este testbed.`);
  });

  it('when a partner API key is presented to the journal, then the control surface refuses it', async () => {
    const w = await worldWithRequests();
    const res = await w.t.request.get(`/_testbed/tenants/${w.tenant.id}/requests`).set('Authorization', `Bearer ${w.key.key}`);
    expect(res.status).toBe(403);
  });
});

describe('DELETE /_testbed/tenants/{id}/requests', () => {
  it('when a journal is emptied, then it answers how many went, lists nothing, and the next request is journaled with a new id', async () => {
    const w = await worldWithRequests();

    const res = await w.t.request.delete(`/_testbed/tenants/${w.tenant.id}/requests`).expect(200);
    const after = await w.shown();
    await w.t.request.get('/v1/me').set(w.auth).expect(200);

    expect(res.body).toEqual({ deleted: 5 });
    expect(after).toEqual([]);
    expect((await w.journal().expect(200)).body.data.map((e: { id: string }) => e.id)).toEqual(['je_6']);
    expect((await w.t.request.delete(`/_testbed/tenants/${w.tenant.id}/requests`).expect(200)).body).toEqual({ deleted: 1 });
  });

  it('when another world empties its journal, then this one keeps its own', async () => {
    const w = await worldWithRequests();
    const other = w.t.newTenant('Otro');
    await w.t.request.get('/v1/me').set(other.auth).expect(200);

    await w.t.request.delete(`/_testbed/tenants/${other.tenant.id}/requests`).expect(200);

    expect(await w.shown()).toHaveLength(5);
  });

  it('when the tenant does not exist, then 404', async () => {
    const t = makeTestApp();
    await t.request.delete(`/_testbed/tenants/${MISSING}/requests`).expect(404);
  });
});

describe('GET /_testbed/tenants/{id}/requests.har', () => {
  it('when exported, then it is HAR 1.2 with every entry oldest first, as devtools import it', async () => {
    const w = await worldWithRequests();

    const res = await w.t.request.get(`/_testbed/tenants/${w.tenant.id}/requests.har`).expect(200);

    expect(res.headers['content-disposition']).toBe(`attachment; filename="${w.tenant.id}.har"`);
    const { log } = res.body;
    expect(log).toMatchObject({ version: '1.2', creator: { name: 'fleet-testbed' }, pages: [] });
    expect(log.entries.map((e: { request: { method: string }; response: { status: number } }) => `${e.request.method} ${e.response.status}`)).toEqual([
      'POST 201', 'POST 400', 'GET 200', 'GET 404', 'GET 200',
    ]);
    const [post, , , , list] = log.entries;
    expect(post).toMatchObject({
      startedDateTime: expect.any(String), time: expect.any(Number), cache: {}, timings: { send: 0, wait: expect.any(Number), receive: 0 },
      request: { httpVersion: 'HTTP/1.1', headersSize: -1, postData: { mimeType: expect.stringContaining('application/json'), text: JSON.stringify(validBody()) } },
      response: { statusText: 'Created', content: { mimeType: 'application/json; charset=utf-8', text: expect.stringContaining(w.vehicleId) } },
    });
    expect(list.request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/vehicles\?limit=2$/);
    expect(list.request.queryString).toEqual([{ name: 'limit', value: '2' }]);
    expect(JSON.stringify(res.body)).not.toContain(w.key.key);
  });

  it('when filtered, then only the selected entries are exported', async () => {
    const w = await worldWithRequests();
    const res = await w.t.request.get(`/_testbed/tenants/${w.tenant.id}/requests.har?status=4xx`).expect(200);
    expect(res.body.log.entries.map((e: { response: { status: number } }) => e.response.status)).toEqual([400, 404]);
  });
});
