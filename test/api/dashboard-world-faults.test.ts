import { describe, expect, it } from 'vitest';
import { allowUndeclaredResponses } from '../support/openapi-records.ts';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';

describe('dashboard: a world\'s API faults', () => {
  const { w, get, act } = useDashboardWorld();

  it('when a rule is added from the world page, then the world\'s requests meet it and the page lists it with its hits', async () => {
    allowUndeclaredResponses('a fault rule answers any operation with its own status');
    const { tenant, auth } = w.newTenant();

    const page = await get(`/worlds/${tenant.id}`);
    const added = await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', operation: 'listVehicles', times: '2', after: '', when: 'before' });
    const faulted = await w.request.get('/v1/vehicles').set(auth);
    const listed = await get(`/worlds/${tenant.id}/faults`);

    expect(page.text).toContain('Fallas de la API');
    expect(page.text).toContain('El mundo no tiene reglas de falla.');
    // No rule, nothing to follow; with one, its hits are read again every 2 s (the world's tests make them).
    expect(page.text).toContain('id="fallos-mundo" hx-get="/dashboard/worlds/' + tenant.id + '/faults" hx-trigger="mundo-cambiado from:body"');
    expect(listed.text).toContain('hx-trigger="every 2s, mundo-cambiado from:body"');
    expect(added.status).toBe(200);
    expect(added.text).toContain('Regla flt_1 creada: internal en listVehicles.');
    expect(faulted.status).toBe(500);
    expect(listed.text).toMatch(/<code>flt_1<\/code><\/td><td data-label="Efecto">internal<\/td><td data-label="Peticiones">listVehicles<\/td><td data-label="Cuándo">before<\/td><td data-label="Condiciones">—<\/td>\s*<td data-label="Aciertos">1<\/td><td data-label="Restantes">1<\/td>/);
  });

  it('when a rule is added with a method and a path from the form, then the world\'s requests there meet it, and others do not', async () => {
    allowUndeclaredResponses('a fault rule answers any operation with its own status');
    const { tenant, auth } = w.newTenant();

    const page = await get(`/worlds/${tenant.id}`);
    const added = await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', method: 'get', path: '/v1/vehicles/{id}', operation: '' });
    const there = await w.request.get('/v1/vehicles/00000000-0000-4000-8000-000000000000').set(auth);
    const elsewhere = await w.request.get('/v1/vehicles').set(auth);

    expect(page.text).toContain('<label>Método <select name="method"><option value="">cualquiera</option><option>GET</option>');
    expect(page.text).toContain('<label>Ruta <input name="path" placeholder="/v1/vehicles/{id}"');
    // The operation field offers the document's operations a key reaches, as it is typed.
    const offered = [...page.text.matchAll(/<option value="(\w+)">/g)].map((m) => m[1]);
    expect(offered).toContain('createVehicle');
    expect(offered).not.toContain('getHealth');
    expect(page.text).toContain('list="operaciones"');
    expect(added.text).toContain('Regla flt_1 creada: internal en GET /v1/vehicles/{id}.');
    expect([there.status, elsewhere.status]).toEqual([500, 200]);
  });

  it('when a world has several rules, then one button takes them all (spent ones too), and its platform faults; with one rule or none it is not shown', async () => {
    const { tenant } = w.newTenant();
    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', operation: 'getMe' }).expect(200);
    const one = await get(`/worlds/${tenant.id}/faults`);
    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', operation: 'listVehicles', times: '1' }).expect(200);
    await act('post', `/worlds/${tenant.id}/platform-faults`, { platform: 'platform_b', mode: 'error' }).expect(200);
    const two = await get(`/worlds/${tenant.id}/faults`);

    const cleared = await act('delete', `/worlds/${tenant.id}/faults`);

    expect(one.text).not.toContain('Quitar todas');
    expect(two.text).toContain(`hx-delete="/dashboard/worlds/${tenant.id}/faults" hx-target="#resultado" hx-confirm="¿Quitar las 2 reglas de falla de este mundo y sus fallas de plataforma propias?"`);
    expect(cleared.status).toBe(200);
    expect(cleared.text).toContain('Se quitaron 3 fallas de este mundo (reglas y fallas de plataforma propias).');
    expect((await w.request.get(`/_testbed/tenants/${tenant.id}/faults`).expect(200)).body).toEqual({ data: [], platforms: {} });
  });

  it('when the clearing is asked with a trailing slash (a rule\'s id left empty), then it is the page not found and every rule stays', async () => {
    const { tenant } = w.newTenant();
    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', operation: 'getMe' }).expect(200);

    const res = await act('delete', `/worlds/${tenant.id}/faults/`);

    expectAlert(res, 404, 'NOT_FOUND', `La página DELETE /dashboard/worlds/${tenant.id}/faults/ del panel no existe.`);
    expect((await w.request.get(`/_testbed/tenants/${tenant.id}/faults`).expect(200)).body.data).toHaveLength(1);
  });

  it.each([['times', '0x10'], ['delayMs', '1e3']])('when a rule\'s %s is typed as %s (no count a person means), then the API refuses it naming the field, and no rule is made', async (field, typed) => {
    const { tenant } = w.newTenant();

    const res = await act('post', `/worlds/${tenant.id}/faults`, { effect: 'delay', delayMs: '50', todas: 'si', [field]: typed });

    expectAlert(res, 400, 'VALIDATION', `${field} debe ser un número entero`);
    expect((await w.request.get(`/_testbed/tenants/${tenant.id}/faults`).expect(200)).body.data).toEqual([]);
  });

  it('when a rule has conditions (after, a probability, a delay), then the table shows them, as the CLI\'s list does, and any probability fits the form', async () => {
    const { tenant } = w.newTenant();
    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'delay', delayMs: '50', after: '1', probability: '0.33', todas: 'si' }).expect(200);

    const page = await get(`/worlds/${tenant.id}`);

    expect(page.text).toContain('<th scope="col">Condiciones</th><th scope="col">Aciertos</th>');
    expect(page.text).toContain('<td data-label="Peticiones">todas las peticiones</td><td data-label="Cuándo">before</td><td data-label="Condiciones">tras 1, probabilidad 0.33, 50 ms</td>');
    // As cards on a phone: eight columns put the remove button off screen.
    expect(page.text).toContain('<div class="tabla tarjetas"><table>\n    <caption>Reglas de falla del mundo</caption>');
    // Any value reaches the API as typed (a number input's step refused some, and held "" for what it could not read).
    expect(page.text).toContain('<input name="probability" type="text" inputmode="decimal"');
  });

  it('when a probability is written with a decimal comma (0,5), then it is read as 0.5; a count with one is still refused', async () => {
    const { tenant } = w.newTenant();

    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', probability: '0,5', todas: 'si' }).expect(200);
    const refused = await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', times: '2,5', todas: 'si' });

    expect(w.services.faults.list(tenant.id).data.map((r) => r.probability)).toEqual([0.5]);
    expect(refused.status).toBe(400);
  });

  it('when a rule is removed from the page, then the world\'s requests pass again', async () => {
    const { tenant, auth } = w.newTenant();
    await act('post', `/worlds/${tenant.id}/faults`, { effect: 'reset', todas: 'si' }).expect(200);

    const removed = await act('delete', `/worlds/${tenant.id}/faults/flt_1`);
    const res = await w.request.get('/v1/vehicles').set(auth);

    expect(removed.text).toContain('Regla flt_1 quitada.');
    expect(res.status).toBe(200);
    expect((await get(`/worlds/${tenant.id}/faults`)).text).toContain('El mundo no tiene reglas de falla.');
  });

  it('when the form is sent with no operation, method or path and «Todas las peticiones del mundo» unticked (one click), then 400 saying so, and no rule: every request of the world would fail', async () => {
    const { tenant, auth } = w.newTenant();

    expectAlert(await act('post', `/worlds/${tenant.id}/faults`, { effect: 'rate_limited', when: 'before' }), 400, 'VALIDATION',
      'Di qué peticiones falla la regla (operación, método o ruta), o marca «Todas las peticiones del mundo»: sin ninguna, la regla falla cada petición del mundo.');
    expect(w.services.faults.list(tenant.id).data).toEqual([]);
    await w.request.get('/v1/vehicles').set(auth).expect(200);
    const ticked = await act('post', `/worlds/${tenant.id}/faults`, { effect: 'rate_limited', when: 'before', todas: 'si' });
    expect(ticked.text).toContain('Regla flt_1 creada: rate_limited en todas las peticiones.');
    await w.request.get('/v1/vehicles').set(auth).expect(429);
  });

  it('when the form\'s rule is bad, then the page says which field in Spanish and no rule is made', async () => {
    const { tenant } = w.newTenant();

    expectAlert(await act('post', `/worlds/${tenant.id}/faults`, { effect: 'internal', probability: '3', todas: 'si' }), 400, 'VALIDATION', 'probability va de 0 a 1');
    expectAlert(await act('delete', `/worlds/${tenant.id}/faults/flt_9`), 404, 'NOT_FOUND', 'La regla de falla flt_9 de este mundo no existe.');
    expect(w.services.faults.list(tenant.id).data).toEqual([]);
  });
});
