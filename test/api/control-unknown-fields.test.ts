import { createServer, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** 400 VALIDATION whose detail on the body names the unknown field and the fields the body has. */
function expectUnknownField(res: { status: number; body: any }, unknown: string, admitted: string[], meant?: string) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  const detail = res.body.error.details.find((d: { message: string }) => d.message.includes('desconocido'));
  expect(detail.message).toBe(`campo desconocido: ${unknown} (se admiten ${admitted.join(', ')}${meant ? `; ¿quisiste decir ${meant}?` : ''})`);
}

describe('control bodies with a field they do not have (a typo)', () => {
  const w = useWorldOnDataDir();
  const count = (table: string) => w.deps.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const newTenant = async () => (await w.request.post('/_testbed/tenants').send({ name: 'Flota Campos' }).expect(201)).body;
  /** A POST with exactly these headers (no Content-Type of its own; chunks when asked), as HTTP clients other than supertest send it. */
  async function rawPost(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
    const server = createServer(w.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      return await new Promise((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', method: 'POST', path, headers }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end(body);
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('when POST /_testbed/tenants says fixure for fixture, then 400 names it and the fields, and no tenant is made', async () => {
    const before = count('tenants');

    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Typo', fixure: { vehicles: 5 } });

    expectUnknownField(res, 'fixure', ['name', 'status', 'keys', 'fixture'], 'fixture');
    expect(res.body.error.message).toBe('La solicitud no es válida (campo desconocido: fixure (se admiten name, status, keys, fixture; ¿quisiste decir fixture?)).');
    expect(count('tenants')).toBe(before);
  });

  it('when the fields are exactly the admitted ones, then the tenant is made (the boundary)', async () => {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Exacta', status: 'active', keys: [{ scopes: ['vehicles:read'], environment: 'test' }] });

    expect(res.status).toBe(201);
  });

  it('when a key in keys has scope for scopes, then 400 names the key\'s field and no tenant is made', async () => {
    const before = count('tenants');

    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Clave', keys: [{ scope: ['vehicles:read'] }] });

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'keys.0.scope', message: 'campo desconocido: scope (se admiten scopes, environment; ¿quisiste decir scopes?)' }]);
    expect(count('tenants')).toBe(before);
  });

  it('when a nested object has two unknown fields, then each is a detail of its own, and the sentence says their message once, where it is', async () => {
    const keys = await w.request.post('/_testbed/tenants').send({ name: 'Flota Claves', keys: [{ scope: [], env: 'test' }] });
    const fixture = await w.request.post('/_testbed/tenants').send({ name: 'Flota Fixture', fixture: { trucks: 1, boats: 2 } });

    const both = 'campos desconocidos: scope, env (se admiten scopes, environment)';
    expect(keys.body.error.details).toEqual([{ field: 'keys.0.scope', message: both }, { field: 'keys.0.env', message: both }]);
    expect(keys.body.error.message).toBe(`La solicitud no es válida (keys.0: ${both}).`);
    expect(fixture.body.error.details.map((d: { field: string }) => d.field)).toEqual(['fixture.trucks', 'fixture.boats']);
    expect(fixture.body.error.message).toBe(`La solicitud no es válida (${fixture.body.error.details[0].message}).`);
  });

  it('when a body has a field named "" (no name), then the detail is the object that holds it (the body, or fixture), and the message says «»', async () => {
    const top = await w.request.post('/_testbed/tenants').send({ name: 'Flota Vacía', '': 1 });
    const nested = await w.request.post('/_testbed/tenants').send({ name: 'Flota Vacía', fixture: { '': 1 } });

    expect(top.status).toBe(400);
    expect(top.body.error.details).toEqual([{ field: '(cuerpo)', message: expect.stringMatching(/^campo desconocido: «» \(se admiten /) }]);
    expect(nested.body.error.details).toEqual([{ field: 'fixture', message: expect.stringMatching(/^fixture no admite «»: usa /) }]);
  });

  it('when POST /_testbed/tenants/{id}/keys has a field it does not, then 400 and no key is made', async () => {
    const tenant = await newTenant();
    const before = count('api_keys');

    const res = await w.request.post(`/_testbed/tenants/${tenant.id}/keys`).send({ scopes: ['rides:read'], env: 'live' });

    expectUnknownField(res, 'env', ['scopes', 'environment']);
    expect(count('api_keys')).toBe(before);
  });

  it('when clock/advance says tenantId for tenant, then 400 and no clock moves', async () => {
    const before = (await w.request.get('/_testbed/clock').expect(200)).body.now;

    const res = await w.request.post('/_testbed/clock/advance').send({ duration: '1h', tenantId: UNKNOWN });

    expectUnknownField(res, 'tenantId', ['duration', 'tenant'], 'tenant');
    expect((await w.request.get('/_testbed/clock').expect(200)).body.now).toBe(before);
  });

  it('when rides/generate has a field it does not, then 400', async () => {
    const tenant = await newTenant();

    const res = await w.request.post('/_testbed/rides/generate').send({ tenantId: tenant.id, from: '2026-01-01', to: '2026-01-02', days: 2 });

    expectUnknownField(res, 'days', ['tenantId', 'from', 'to']);
  });

  it('when a platform fault has delay for ms, then 400 and the platform keeps its mode', async () => {
    const res = await w.request.post('/_testbed/faults').send({ platform: 'platform_a', mode: 'slow', delay: 500 });

    expectUnknownField(res, 'delay', ['platform', 'mode', 'ms']);
    const faults = (await w.request.get('/_testbed/faults').expect(200)).body;
    expect(JSON.stringify(faults)).not.toContain('slow');
  });

  it('when a review has cards for card, then 400', async () => {
    const res = await w.request.post(`/_testbed/platform-a/vehicles/${UNKNOWN}/review`).send({ verdict: 'approved', cards: 'approved' });

    expectUnknownField(res, 'cards', ['verdict', 'card'], 'card');
  });

  it('when a snapshot save has a field it does not, then 400 and no snapshot is saved, whole testbed or one world', async () => {
    const tenant = await newTenant();

    const whole = await w.request.post('/_testbed/snapshots').send({ name: 'antes', tenant: tenant.id });
    const world = await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'antes', note: 'x' });

    expectUnknownField(whole, 'tenant', ['name']);
    expectUnknownField(world, 'note', ['name']);
    expect((await w.request.get('/_testbed/snapshots').expect(200)).body.data).toEqual([]);
    expect((await w.request.get(`/_testbed/tenants/${tenant.id}/snapshots`).expect(200)).body.data).toEqual([]);
  });

  it('when a world fault (a rule, or a platform\'s mode) has a field it does not, then 400 in the same words and no rule is added', async () => {
    const tenant = await newTenant();
    const faults = `/_testbed/tenants/${tenant.id}/faults`;

    const rule = await w.request.post(faults).send({ effect: 'internal', efect: 'delay' });
    const platform = await w.request.post(faults).send({ platform: 'platform_a', mode: 'error', delay: 5 });

    expectUnknownField(rule, 'efect', ['effect', 'operation', 'method', 'path', 'times', 'after', 'probability', 'retryAfter', 'delayMs', 'when'], 'effect');
    expectUnknownField(platform, 'delay', ['platform', 'mode', 'ms']);
    expect((await w.request.get(faults).expect(200)).body.data).toEqual([]);
  });

  it('when an operation without a body gets one (a revoke with a reason, a reset with fields), or a restore or a draw a field it does not take, then 400 names it and nothing runs', async () => {
    const tenant = await newTenant();
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'antes' }).expect(201);
    const plate = `/_testbed/tenants/${tenant.id}/unique/plate`;

    const restore = await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/antes/restore`).send({ tenant: UNKNOWN });
    const draw = await w.request.post(plate).send({ count: 3 });
    const revoke = await w.request.post(`/_testbed/keys/${tenant.keys[0].id}/revoke`).send({ reason: 'fin' });
    const reset = await w.request.post('/_testbed/reset').send({ keep: true, tenant: tenant.id });

    expect(restore.body.error.details).toEqual([{ field: 'tenant', message: 'campo desconocido: tenant (se admiten clearFaults, clearRequests)' }]);
    expect(draw.body.error.details).toEqual([{ field: 'count', message: 'campo desconocido: count (se admiten startingWith, endingWith)' }]);
    expect(revoke.body.error.details).toEqual([{ field: 'reason', message: 'campo desconocido: reason (esta operación no lleva cuerpo)' }]);
    const both = 'campos desconocidos: keep, tenant (esta operación no lleva cuerpo)';
    expect(reset.body.error.details).toEqual([{ field: 'keep', message: both }, { field: 'tenant', message: both }]);
    expect(reset.body.error.message).toBe(`La solicitud no es válida (${both}).`);
    expect([restore.status, draw.status, revoke.status, reset.status]).toEqual([400, 400, 400, 400]);
    // Nothing ran: the reset kept the world, the key works, and the draw took no plate (the next is still the first).
    expect(w.deps.db.prepare('SELECT count(*) FROM tenants WHERE id = ?').pluck().get(tenant.id)).toBe(1);
    expect(count(`api_keys WHERE tenant_id = '${tenant.id}' AND revoked_at IS NULL`)).toBe(1);
    expect(count(`counters WHERE name LIKE 'unique:${tenant.id}:%'`)).toBe(0);
  });

  it('when an operation without a body gets a form or text body (curl -d), then 400 says it takes none and nothing is revoked', async () => {
    const tenant = await newTenant();
    const revoke = `/_testbed/keys/${tenant.keys[0].id}/revoke`;

    const form = await w.request.post(revoke).type('form').send('tenant=x');
    const text = await w.request.post(revoke).set('content-type', 'text/plain').send('hola');
    const untyped = await rawPost(revoke, 'hola', {});
    const chunked = await rawPost(revoke, 'tenant=x', { 'transfer-encoding': 'chunked', 'content-type': 'application/x-www-form-urlencoded' });

    expect([form.status, text.status, untyped.status, chunked.status]).toEqual([400, 400, 400, 400]);
    expect(untyped.body.error.message).toBe('Esta operación no lleva cuerpo: quítalo (se recibió uno sin Content-Type).');
    expect(form.body.error.message).toBe('Esta operación no lleva cuerpo: quítalo (se recibió uno de tipo application/x-www-form-urlencoded).');
    expect(text.body.error.message).toBe('Esta operación no lleva cuerpo: quítalo (se recibió uno de tipo text/plain).');
    expect(count(`api_keys WHERE tenant_id = '${tenant.id}' AND revoked_at IS NULL`)).toBe(1);
  });

  it('when a DELETE gets a body (a rule id meant to pick one, a typo, text, a list), then 400 names it and nothing is deleted; none or {} deletes', async () => {
    const tenant = await newTenant();
    const faults = `/_testbed/tenants/${tenant.id}/faults`;
    await w.request.post(faults).send({ effect: 'internal', operation: 'getMe' }).expect(201);

    const picked = await w.request.delete(faults).send({ id: 'flt_1' });
    const world = await w.request.delete(`/_testbed/tenants/${tenant.id}`).send({ bogus: 1 });
    const text = await w.request.delete(faults).set('content-type', 'application/json').send('no es json');
    const list = await w.request.delete(faults).set('content-type', 'application/json').send('[1,2]');
    const form = await w.request.delete(faults).type('form').send('{}');

    expect(picked.body.error.details).toEqual([{ field: 'id', message: 'campo desconocido: id (esta operación no lleva cuerpo)' }]);
    expect(world.body.error.details).toEqual([{ field: 'bogus', message: 'campo desconocido: bogus (esta operación no lleva cuerpo)' }]);
    expect(text.body.error.message).toBe('Esta operación no lleva cuerpo: quítalo (se recibió uno de tipo application/json).');
    expect(list.body.error.message).toBe('El cuerpo debe ser un objeto JSON ({…}); se recibió un arreglo.');
    expect(form.body.error.message).toBe('Esta operación no lleva cuerpo: quítalo (se recibió uno de tipo application/x-www-form-urlencoded).');
    expect([picked.status, world.status, text.status, list.status, form.status]).toEqual([400, 400, 400, 400, 400]);
    expect((await w.request.get(faults).expect(200)).body.data).toHaveLength(1);
    expect(w.deps.db.prepare('SELECT count(*) FROM tenants WHERE id = ?').pluck().get(tenant.id)).toBe(1);
    expect((await w.request.delete(faults).send({})).body).toEqual({ deleted: 1 });
    await w.request.delete(`/_testbed/tenants/${tenant.id}`).expect(200);
  });

  it('when an operation whose body is optional (a draw) gets a form body with bytes in it (curl -d), plain or chunked, then 400 asks for JSON and nothing is drawn', async () => {
    const tenant = await newTenant();
    const plate = `/_testbed/tenants/${tenant.id}/unique/plate`;

    const form = await w.request.post(plate).type('form').send('startingWith=RB');
    const chunked = await rawPost(plate, 'startingWith=RB', { 'transfer-encoding': 'chunked', 'content-type': 'application/x-www-form-urlencoded' });

    expect([form.status, chunked.status]).toEqual([400, 400]);
    expect([form.body.error.message, chunked.body.error.message]).toEqual(Array(2).fill('El cuerpo debe ser JSON con Content-Type: application/json.'));
    expect(count(`counters WHERE name LIKE 'unique:${tenant.id}:%'`)).toBe(0);
  });

  it('when an operation whose body is optional (a draw) gets none, {}, or an empty one of any kind, then it runs as with none (the boundary)', async () => {
    const tenant = await newTenant();
    const plate = `/_testbed/tenants/${tenant.id}/unique/plate`;

    const none = await w.request.post(plate);
    const empty = await w.request.post(plate).send({});
    const emptyForm = await w.request.post(plate).type('form').send('');
    const emptyChunks = await rawPost(plate, '', { 'transfer-encoding': 'chunked' });

    expect([none.status, empty.status, emptyForm.status, emptyChunks.status]).toEqual([200, 200, 200, 200]);
    expect(new Set([none.body.value, empty.body.value, emptyForm.body.value, emptyChunks.body.value]).size).toBe(4);
  });

  it('when an operation without a body gets a JSON value that is not an object, then 400 says so', async () => {
    const res = await w.request.post('/_testbed/sync').set('content-type', 'application/json').send('[1]');

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('El cuerpo debe ser un objeto JSON ({…}); se recibió un arreglo.');
  });

  it('when two fields are unknown, then both are named', async () => {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota', nme: 'x', stauts: 'active' });

    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe('campos desconocidos: nme, stauts (se admiten name, status, keys, fixture)');
  });
});

describe('control query parameters an operation does not have (a typo)', () => {
  const w = useWorldOnDataDir();
  const newTenant = async (name: string) => (await w.request.post('/_testbed/tenants').send({ name }).expect(201)).body;

  it('when the journal is asked with stauts for status, then 400 names it and the filters there are, instead of every entry', async () => {
    const tenant = await newTenant('Flota Filtro');

    const res = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?stauts=500`);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details).toEqual([{ field: 'stauts', message: 'stauts es un parámetro desconocido (se admiten method, path, operation, status, limit, startingAfter)' }]);
    expect(res.body.error.message).toBe('La solicitud no es válida (stauts es un parámetro desconocido (se admiten method, path, operation, status, limit, startingAfter)).');
  });

  it('when a query has a parameter without a name (?=1), then 400 says so rather than leave a blank where its name would be', async () => {
    const tenant = await newTenant('Flota Sin Nombre');

    const res = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?=1`);

    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('La solicitud no es válida (un parámetro sin nombre (?=…) no es válido (se admiten method, path, operation, status, limit, startingAfter)).');
  });

  it('when the journal is asked with exactly its filters, then it answers (the boundary)', async () => {
    const tenant = await newTenant('Flota Filtros');

    const res = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?method=get&path=/v1/me&operation=getMe&status=4xx&limit=5`);

    expect(res.status).toBe(200);
  });

  it('when an operation with no parameters gets one, then 400 says it takes none', async () => {
    const res = await w.request.get('/_testbed/tenants?name=Flota');

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'name', message: 'name es un parámetro desconocido (esta operación no lleva parámetros)' }]);
  });

  it('when the clock advance gets its body field tenant in the URL, then 400 says it goes in the body and no clock moves', async () => {
    const tenant = await newTenant('Flota Reloj');
    const before = (await w.request.get(`/_testbed/clock?tenant=${tenant.id}`).expect(200)).body.now;

    const res = await w.request.post(`/_testbed/clock/advance?tenant=${tenant.id}`).send({ duration: '1h' });

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'tenant', message: 'tenant es un parámetro desconocido (va en el cuerpo JSON, no en la URL; esta operación no lleva parámetros)' }]);
    expect((await w.request.get(`/_testbed/clock?tenant=${tenant.id}`).expect(200)).body.now).toBe(before);
  });

  it('when a deletion by name also says nmae, then 400 and no world is deleted', async () => {
    const tenant = await newTenant('Suite Consulta');

    const res = await w.request.delete('/_testbed/tenants?name=Suite&nmae=Suite');

    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['nmae']);
    expect((await w.request.get('/_testbed/tenants').expect(200)).body.data.map((t: { id: string }) => t.id)).toContain(tenant.id);
  });
});
