import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../support/error-envelope.ts';
import { faultsApp } from '../support/world-faults.ts';

const UNKNOWN_TENANT = '00000000-0000-4000-8000-000000000000';

describe('/_testbed/tenants/{id}/faults', () => {
  it('when a rule is made with only an effect, then it is answered 201 with every field, its defaults and live counters', async () => {
    const f = faultsApp();

    const res = await f.addRule({ effect: 'unavailable' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 'flt_1', effect: 'unavailable', operation: null, method: null, path: null, times: null, after: 0,
      probability: 1, retryAfter: 1, delayMs: null, when: 'before', hits: 0, remaining: null,
    });
  });

  it.each([
    [{ effect: 'explode' }, 'effect'],
    [{}, 'effect'],
    [{ effect: 'internal', operation: 'makeVehicle' }, 'Cada operación del documento lleva el suyo'],
    // A near miss names what it most likely meant.
    [{ effect: 'internal', operation: 'createVehicles' }, 'no es un operationId de /v1/openapi.json. ¿Quisiste decir createVehicle?'],
    [{ effect: 'internal', operation: 'createVehicle', method: 'POST' }, 'operation'],
    [{ effect: 'internal', method: 'TRACE' }, 'method'],
    [{ effect: 'internal', path: 'vehicles' }, 'path'],
    [{ effect: 'internal', path: '/v1/vehicles/{vehicleId}' }, 'path'],
    [{ effect: 'internal', path: `/v1/${'x'.repeat(510)}` }, 'path'],
    [{ effect: 'internal', probability: 1.01 }, 'probability'],
    [{ effect: 'internal', probability: -0.01 }, 'probability'],
    [{ effect: 'internal', times: 0 }, 'times'],
    [{ effect: 'internal', times: 1_000_001 }, 'times'],
    [{ effect: 'internal', times: 1.5 }, 'times'],
    [{ effect: 'internal', after: -1 }, 'after'],
    [{ effect: 'rate_limited', retryAfter: -1 }, 'retryAfter'],
    [{ effect: 'rate_limited', retryAfter: 3_601 }, 'retryAfter'],
    [{ effect: 'internal', retryAfter: 1 }, 'retryAfter'],
    [{ effect: 'delay' }, 'delayMs'],
    [{ effect: 'delay', delayMs: 0 }, 'delayMs'],
    [{ effect: 'delay', delayMs: 60_001 }, 'delayMs'],
    [{ effect: 'internal', delayMs: 10 }, 'delayMs'],
    [{ effect: 'internal', when: 'during' }, 'when'],
    [{ effect: 'internal', extra: true }, '"field":"extra"'],
    // A concrete path no route has, whatever the method: a typo that would never fire.
    [{ effect: 'internal', path: '/v1/vehicle' }, 'path'],
    [{ effect: 'internal', path: '/v1/vehicles//' }, 'path «/v1/vehicles//» no es una ruta del documento'],
    // Refused as no route, not as health's (read without a key).
    [{ effect: 'internal', path: '/v1/health-records' }, 'path «/v1/health-records» no es una ruta del documento'],
    [{ effect: 'internal', method: 'GET', path: '/v1/unicornios/abc' }, 'path «/v1/unicornios/abc» no es una ruta del documento'],
    // A method the path has not: it would fault only requests answered 405 (a mistyped method).
    [{ effect: 'internal', method: 'DELETE', path: '/v1/vehicles' }, 'DELETE /v1/vehicles no es una operación del documento (/v1/openapi.json): esa ruta admite GET, POST.'],
    [{ effect: 'internal', method: 'PUT', path: '/v1/vehicles/{id}' }, '"field":"method","message":"Uno de los métodos de la ruta: GET, PATCH"'],
    [{ effect: 'internal', method: 'delete', path: '/v1/me' }, 'DELETE /v1/me no es una operación del documento'],
    // Health's and the document's other methods alike (their only one is a read without a key).
    [{ effect: 'internal', method: 'POST', path: '/v1/health' }, 'POST /v1/health no es una operación del documento (/v1/openapi.json): esa ruta admite GET, que se lee sin clave de API.'],
    [{ effect: 'internal', method: 'POST', path: '/v1/openapi.json' }, 'method'],
    // Rules that could never fire: a request is matched by its path alone, and health is no world's.
    [{ effect: 'internal', path: '/v1/vehicles?plate=ABC123' }, 'path'],
    [{ effect: 'internal', path: '/v1/vehicles#top' }, 'path'],
    [{ effect: 'internal', path: '/v1/health' }, 'path'],
    [{ effect: 'internal', method: 'GET', path: '/v1/health' }, 'path'],
    [{ effect: 'internal', path: '/V1/Health/' }, 'path'],
    [{ effect: 'internal', path: '/v1/openapi.json' }, 'path'],
    // Refused as read without a key, not as no route: the document's path is one.
    [{ effect: 'internal', path: '/v1/openapi.json/' }, '/v1/openapi.json/ se lee sin clave de API'],
    [{ effect: 'internal', operation: 'getHealth' }, 'operation'],
    // Listed as given by the CLI and the dashboard: an escape sequence cleared a terminal.
    [{ effect: 'internal', path: '/v1/\u001b[2J\u001b[31mRED\r\nFAKE' }, 'path no admite caracteres de control'],
    [{ effect: 'internal', path: '/v1/vehicles/\u202eabc' }, 'path no admite caracteres de control'],
    [{ effect: 'internal', path: '/v1/vehicles/\ud800' }, 'path no admite caracteres de control'],
  ])('when the rule is %j, then 400 VALIDATION names %s and no rule is made', async (rule, field) => {
    const f = faultsApp();

    const res = await f.addRule(rule);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(JSON.stringify(res.body.error)).toContain(field);
    expect((await f.listRules()).body.data).toEqual([]);
  });

  it.each([
    // A concrete path of a route, with and without a method it has.
    [{ effect: 'internal', path: '/v1/vehicles/abc' }],
    [{ effect: 'internal', method: 'patch', path: '/v1/vehicles/abc' }],
    [{ effect: 'internal', method: 'DELETE', path: '/v1/assignments/{id}' }],
    [{ effect: 'internal', probability: 0, times: 1, after: 0 }],
    [{ effect: 'internal', probability: 1, times: 1_000_000, after: 1_000_000 }],
    [{ effect: 'rate_limited', retryAfter: 0 }],
    [{ effect: 'unavailable', retryAfter: 3_600 }],
    [{ effect: 'delay', delayMs: 1 }],
    [{ effect: 'delay', delayMs: 60_000, when: 'after' }],
    [{ effect: 'internal', method: 'patch', path: '/v1/vehicles/{id}' }],
    [{ effect: 'internal', path: `/v1/vehicles/${'x'.repeat(499)}` }],
    [{ effect: 'internal', path: '/v1/vehicles' }],
  ])('when the rule is %j (at a bound), then it is made', async (rule) => {
    const f = faultsApp();

    const res = await f.addRule(rule);

    expect(res.status).toBe(201);
  });

  it('when a rule carries a __proto__ field (raw JSON), then 400 VALIDATION names it and no rule is made', async () => {
    const f = faultsApp();

    const res = await f.request.post(`/_testbed/tenants/${f.one.tenant.id}/faults`).set('Content-Type', 'application/json')
      .send('{"effect":"internal","__proto__":{"times":1}}');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toContain('__proto__');
    expect((await f.listRules()).body.data).toEqual([]);
  });

  it('when a world\'s platform fault forgets its platform ({mode} alone), then 400 VALIDATION says platform is missing, not effect', async () => {
    const f = faultsApp();

    const res = await f.addRule({ mode: 'error' });

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['platform']);
    expect((await f.listRules()).body).toEqual({ data: [], platforms: {} });
  });

  it('when the tenant is unknown, then every call answers 404 NOT_FOUND', async () => {
    const f = faultsApp();
    const base = `/_testbed/tenants/${UNKNOWN_TENANT}/faults`;

    const answers = [
      await f.request.post(base).send({ effect: 'internal' }),
      await f.request.post(base).send({ platform: 'platform_a', mode: 'error' }),
      await f.request.get(base),
      await f.request.delete(base),
      await f.request.delete(`${base}/flt_1`),
      await f.request.get('/_testbed/tenants/not-a-uuid/faults'),
    ];

    for (const res of answers) expectEnvelope(res, 404, 'NOT_FOUND');
  });

  it('when one rule is read, then it comes with its counters now; another world\'s rule, or one deleted, answers 404', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'internal', times: 3 });
    await f.createVehicle();
    const rule = `/_testbed/tenants/${f.one.tenant.id}/faults/flt_1`;

    const read = await f.request.get(rule);
    const fromTheOtherWorld = await f.request.get(`/_testbed/tenants/${f.two.tenant.id}/faults/flt_1`);
    await f.request.delete(rule).expect(200);
    const deleted = await f.request.get(rule);

    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: 'flt_1', effect: 'internal', times: 3, hits: 1, remaining: 2 });
    expectEnvelope(fromTheOtherWorld, 404, 'NOT_FOUND');
    expectEnvelope(deleted, 404, 'NOT_FOUND');
  });

  it('when one rule is deleted, then it is gone and the others stay; an unknown rule answers 404', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'internal' });
    await f.addRule({ effect: 'reset' });

    const deleted = await f.request.delete(`/_testbed/tenants/${f.one.tenant.id}/faults/flt_1`);
    const again = await f.request.delete(`/_testbed/tenants/${f.one.tenant.id}/faults/flt_1`);
    const created = await f.createVehicle(f.two.auth);

    expect(deleted.body).toEqual({ id: 'flt_1', deleted: true });
    expectEnvelope(again, 404, 'NOT_FOUND');
    expect((await f.listRules()).body.data.map((r: { id: string }) => r.id)).toEqual(['flt_2']);
    expect(created.status).toBe(201);
  });

  it('when a DELETE\'s path ends in "/" where a rule id would go (an unset variable), then 404 says so and nothing is cleared; other calls keep the slash', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'internal' });
    const faults = `/_testbed/tenants/${f.one.tenant.id}/faults`;

    const cleared = await f.request.delete(`${faults}/`);
    const allTenants = await f.request.delete('/_testbed/tenants/?name=Flota');
    const long = await f.request.delete(`${faults}/${'9'.repeat(400)}`);

    expectEnvelope(cleared, 404, 'NOT_FOUND');
    expect(cleared.body.error.message).toBe(`La ruta DELETE ${faults}/ no existe: termina en «/», donde iría un id ({faultId}: ¿una variable vacía?). Sin la barra, DELETE ${faults} es otra operación (clearWorldFaults).`);
    expectEnvelope(allTenants, 404, 'NOT_FOUND');
    expect(long.body.error.message).toBe(`La regla de falla ${'9'.repeat(64)}… de este mundo no existe.`);
    // A method the path has not is its 405 still; a POST or a read with the slash is the collection's, as asked.
    expect((await f.request.put(`${faults}/`).send({})).status).toBe(405);
    expect((await f.request.post(`${faults}/`).send({ effect: 'reset', times: 1, path: '/v1/me' })).status).toBe(201);
    const listed = await f.request.get(`${faults}/`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual(['flt_1', 'flt_2']);
    expect((await f.request.get('/_testbed/tenants')).body.data.length).toBeGreaterThan(0);
  });

  it('when every fault of a world is deleted, then the count is answered, requests pass, and new ids do not reuse old ones', async () => {
    const f = faultsApp();
    await f.addRule({ effect: 'internal' });
    await f.addRule({ effect: 'reset' });
    await f.addRule({ effect: 'internal' }, f.two.tenant.id);
    await f.request.post(`/_testbed/tenants/${f.one.tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);

    const cleared = await f.request.delete(`/_testbed/tenants/${f.one.tenant.id}/faults`);
    const created = await f.createVehicle();
    const next = await f.addRule({ effect: 'internal', times: 1 });

    expect(cleared.body).toEqual({ deleted: 3 });
    expect(created.status).toBe(201);
    expect(next.body.id).toBe('flt_3');
    expect((await f.listRules()).body.platforms).toEqual({});
    expect((await f.listRules(f.two.tenant.id)).body.data).toHaveLength(1);
  });
});
