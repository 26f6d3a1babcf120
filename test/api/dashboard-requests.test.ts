import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { validBody } from '../support/vehicles.ts';

/** A world that made three requests: a 201, a 400 with a hostile model and a 404. */
async function worldWithRequests() {
  const t = makeTestApp();
  const { tenant, key, auth } = t.newTenant();
  const created = await t.request.post('/v1/vehicles').set(auth).send(validBody()).expect(201);
  await t.request.post('/v1/vehicles').set(auth).send(validBody({ year: '<b>dos mil</b>' })).expect(400);
  await t.request.get('/v1/vehicles/00000000-0000-4000-8000-000000000000').set(auth).expect(404);
  const get = (path: string) => t.request.get(`/dashboard/worlds/${tenant.id}${path}`);
  return { t, tenant, key, created, get };
}

const methodsShown = (text: string) => [...text.matchAll(/<span class="metodo">(\w+)<\/span> <code>([^<]*)<\/code>/g)].map((m) => `${m[1]} ${m[2]}`);

describe('dashboard: a world\'s requests', () => {
  it('when the requests tab is opened, then the world\'s requests are listed newest first, each expandable to headers and bodies', async () => {
    const { tenant, key, created, get } = await worldWithRequests();

    const page = (await get('/requests').expect(200)).text;

    expect(methodsShown(page)).toEqual(['GET /v1/vehicles/00000000-0000-4000-8000-000000000000', 'POST /v1/vehicles', 'POST /v1/vehicles']);
    expect(page).toContain('aria-current="page">Solicitudes</a>');
    expect(page).toContain(`authorization: Bearer ${key.prefix}_…`);
    expect(page).toContain(`&quot;id&quot;: &quot;${created.body.id}&quot;`); // the 201's body, pretty JSON
    expect(page).toContain('&lt;b&gt;dos mil&lt;/b&gt;'); // a body is text, never markup
    expect(page).not.toContain('<b>dos mil</b>');
    expect(page).not.toContain(key.key);
    expect(page).toContain(`href="/dashboard/worlds/${tenant.id}/requests.har" download`);
  });

  it('when a request got no answer (a reset rule cut it), then its entry says so and names the rule that applied, instead of an empty answer', async () => {
    const { t, tenant, key, get } = await worldWithRequests();
    const rule = (await t.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ effect: 'reset', operation: 'getMe' }).expect(201)).body;
    // The connection cut: supertest's request fails, as any client's does.
    await t.request.get('/v1/me').set({ authorization: `Bearer ${key.key}` }).then(() => undefined, () => undefined);

    const page = (await get('/requests?status=none').expect(200)).text;

    expect(methodsShown(page)).toEqual(['GET /v1/me']);
    expect(page).toContain(`Ninguna: la conexión se cerró sin respuesta, con la regla ${rule.id} aplicada (un reset la corta; con un delay, el cliente se fue antes).`);
    expect(page).not.toContain('Sin cuerpo.</p></div></div>');
  });

  it('when the list is filtered, then its HAR download takes the same filter', async () => {
    const { tenant, get } = await worldWithRequests();

    const list = (await get('/requests/list?status=4xx&path=/v1/vehicles').set('HX-Request', 'true').expect(200)).text;

    expect(list).toContain(`href="/dashboard/worlds/${tenant.id}/requests.har?status=4xx&amp;path=%2Fv1%2Fvehicles" download>Descargar HAR (lo filtrado)</a>`);
  });

  it('when the list is filtered, then the address becomes the page\'s with the filter (bookmarked, it opens the page so filtered)', async () => {
    const { t, tenant, get } = await worldWithRequests();

    const filtered = await get('/requests/list?status=4xx&path=/v1/vehicles/{id}').set('HX-Request', 'true').expect(200);
    const unfiltered = await get('/requests/list').set('HX-Request', 'true').expect(200);
    const refused = await get('/requests/list?path=vehicles').set('HX-Request', 'true').expect(400);

    const address = `/dashboard/worlds/${tenant.id}/requests?status=4xx&path=%2Fv1%2Fvehicles%2F%7Bid%7D`;
    expect(filtered.headers['hx-replace-url']).toBe(address);
    expect(unfiltered.headers['hx-replace-url']).toBe(`/dashboard/worlds/${tenant.id}/requests`);
    expect(refused.headers['hx-replace-url']).toBeUndefined();
    // In place of the list the filter before showed, not in the red line above it.
    expect(refused.headers['hx-retarget']).toBeUndefined();
    expect(refused.text).toMatch(/^<div id="solicitudes"><p class="error" role="alert"><strong>VALIDATION<\/strong> [^<]*path debe empezar por \//);
    expect(methodsShown(refused.text)).toEqual([]);
    expect(methodsShown((await t.request.get(address).expect(200)).text)).toEqual(['GET /v1/vehicles/00000000-0000-4000-8000-000000000000']);
  });

  it.each([
    ['?status=4xx', ['GET /v1/vehicles/00000000-0000-4000-8000-000000000000', 'POST /v1/vehicles']],
    ['?status=2xx', ['POST /v1/vehicles']],
    ['?path=/v1/vehicles/{id}', ['GET /v1/vehicles/00000000-0000-4000-8000-000000000000']],
    ['?status=5xx', []],
  ])('when the list is filtered by %s, then only those requests are shown', async (query, shown) => {
    const { get } = await worldWithRequests();

    const list = (await get(`/requests/list${query}`).set('HX-Request', 'true').expect(200)).text;

    expect(methodsShown(list)).toEqual(shown);
    if (shown.length === 0) expect(list).toContain('Ninguna solicitud de este mundo cumple el filtro.');
  });

  it.each([['404', '404'], ['3xx', '3xx'], ['4XX', '4xx'], ['none', 'none']])('when the address holds status=%s, then the menu shows that filter selected, so a "Filtrar" keeps it', async (status, selected) => {
    const { get } = await worldWithRequests();

    const page = (await get(`/requests?status=${status}`).expect(200)).text;

    const menu = /<select name="status">(.*?)<\/select>/s.exec(page)![1];
    expect([...menu.matchAll(/<option value="([^"]*)" selected>/g)].map((m) => m[1])).toEqual([selected]);
    expect([...menu.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(['', '2xx', '4xx', '5xx', 'none', ...(['2xx', '4xx', '5xx', 'none'].includes(selected) ? [] : [status])]);
    expect(menu).toContain('<option value="none"');
    expect(menu).toMatch(/<option value="none"[^>]*>sin respuesta<\/option>/);
  });

  it('when the path filter does not start with /, then the page says so in Spanish with 400 and shows no stack', async () => {
    const { get } = await worldWithRequests();

    const res = await get('/requests/list?path=vehicles').set('HX-Request', 'true').expect(400);

    expect(res.text).toContain('path debe empezar por /');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    // The list listens to that event: told to reload after its own failure, it asked again without end.
    expect(res.headers['hx-trigger']).toBeUndefined();
  });

  it('when the page is opened with a filter the journal refuses, then it answers 400 with the form kept and the message where the list goes', async () => {
    const { get } = await worldWithRequests();

    const res = await get('/requests?status=9xx&path=vehicles').expect(400);

    expect(res.text).toContain('<form role="search"');
    expect(res.text).toContain('value="vehicles"');
    expect(res.text).toMatch(/<div id="solicitudes"><p class="error" role="alert"><strong>VALIDATION<\/strong> [^<]*path debe empezar por \//);
  });

  it('when a world has made no request, then the tab says so; another world\'s requests never show', async () => {
    const { t } = await worldWithRequests();
    const quiet = t.newTenant('Callado');

    const page = (await t.request.get(`/dashboard/worlds/${quiet.tenant.id}/requests`).expect(200)).text;

    expect(methodsShown(page)).toEqual([]);
    expect(page).toContain('Este mundo no ha hecho solicitudes con sus claves desde que serve arrancó (el diario vive en memoria: un reinicio, un reset o una restauración de todo el testbed lo vacían).');
  });

  it('when the HAR link is followed, then the journal comes as HAR 1.2, filtered as the page is', async () => {
    const { tenant, get } = await worldWithRequests();

    const res = await get('/requests.har?status=4xx').expect(200);

    expect(res.headers['content-disposition']).toBe(`attachment; filename="${tenant.id}.har"`);
    expect(res.body.log.version).toBe('1.2');
    expect(res.body.log.entries.map((e: { response: { status: number } }) => e.response.status)).toEqual([400, 404]);
  });

  it('when the HAR link holds a filter the journal refuses, then the error is a page to read, not a file to save', async () => {
    const { get } = await worldWithRequests();

    const res = await get('/requests.har?path=%3Cx');

    expect(res.status).toBe(400);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.text).toContain('path debe empezar por /v1/');
  });

  it('when the world does not exist, then 404 in Spanish', async () => {
    const t = makeTestApp();
    const res = await t.request.get('/dashboard/worlds/00000000-0000-4000-8000-000000000000/requests').expect(404);
    expect(res.text).toContain('El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed.');
  });

  it('when the journal is off (FLEET_JOURNAL_MB=0), then the tab says so where the list goes, with 409 and no stack', async () => {
    const t = makeTestApp({ journalMb: 0 });
    const { tenant } = t.newTenant();

    const res = await t.request.get(`/dashboard/worlds/${tenant.id}/requests`).expect(409);

    expect(res.text).toContain('<div id="solicitudes"><p class="error" role="alert"><strong>CONFLICT</strong> El diario de solicitudes está apagado en este testbed (FLEET_JOURNAL_MB=0)');
    expect(res.text).toContain('<label>Ruta <input type="search" name="path"');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });
});
