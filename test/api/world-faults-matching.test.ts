import { describe, expect, it } from 'vitest';
import { allowUndeclaredResponses } from '../support/openapi-records.ts';
import { faultsApp } from '../support/world-faults.ts';

const UNDECLARED = 'a fault rule answers any operation with its own status';

describe('world faults: matching and counters', () => {
  it('when a rule names an operation, then only that operation is faulted', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'internal', operation: 'listVehicles' });

    const list = await f.request.get('/v1/vehicles').set(f.one.auth);
    const created = await f.createVehicle();

    expect(list.status).toBe(500);
    expect(created.status).toBe(201);
  });

  it('when a rule names a path template, then every concrete path of it is faulted, and no other', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const created = await f.createVehicle();
    await f.addRule({ effect: 'internal', path: '/v1/vehicles/{id}', method: 'get' });

    const byId = await f.request.get(`/v1/vehicles/${created.body.id}`).set(f.one.auth);
    const list = await f.request.get('/v1/vehicles').set(f.one.auth);
    const patch = await f.request.patch(`/v1/vehicles/${created.body.id}`).set(f.one.auth).send({ color: 'Rojo' });

    expect(byId.status).toBe(500);
    expect(list.status).toBe(200);
    expect(patch.status).toBe(200);
  });

  it('when a template is written with its braces percent-encoded or a trailing slash, then it is that template, stored as the document spells it, and faults a real id', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const created = await f.createVehicle();
    const encoded = await f.addRule({ effect: 'internal', path: '/v1/vehicles/%7Bid%7D', method: 'get' });
    const slashed = await f.addRule({ effect: 'unavailable', path: '/v1/vehicles/{id}/', method: 'patch' });

    expect([encoded.body.path, slashed.body.path]).toEqual(['/v1/vehicles/{id}', '/v1/vehicles/{id}']);
    expect((await f.request.get(`/v1/vehicles/${created.body.id}`).set(f.one.auth)).status).toBe(500);
    expect((await f.request.patch(`/v1/vehicles/${created.body.id}`).set(f.one.auth).send({ color: 'Rojo' })).status).toBe(503);
    expect((await f.request.get('/v1/vehicles').set(f.one.auth)).status).toBe(200);
  });

  it('when a concrete path has braces percent-encoded but is no template of the document, then it stays that concrete path, faulting only a request to it', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const created = await f.createVehicle();
    const rule = await f.addRule({ effect: 'internal', path: '/v1/vehicles/%7Bfoo%7D' });

    expect([rule.status, rule.body.path]).toEqual([201, '/v1/vehicles/%7Bfoo%7D']);
    expect((await f.request.get(`/v1/vehicles/${created.body.id}`).set(f.one.auth)).status).toBe(200);
    expect((await f.request.get('/v1/vehicles/%7Bfoo%7D').set(f.one.auth)).status).toBe(500);
  });

  it('when a rule names a path template and no method, then a method its route has not (answered 405 otherwise) is faulted, as with the concrete path; another route\'s is not', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const created = await f.createVehicle();
    await f.addRule({ effect: 'internal', path: '/v1/vehicles/{id}' });

    const put = await f.request.put(`/v1/vehicles/${created.body.id}`).set(f.one.auth).send({});
    const unknown = await f.request.put('/v1/vehicles/abc').set(f.one.auth).send({});
    const listPut = await f.request.put('/v1/vehicles').set(f.one.auth).send({});

    expect([put.status, unknown.status]).toEqual([500, 500]);
    expect(listPut.status).toBe(405);
  });

  it('when a rule names the method GET, then a HEAD of that path is faulted too (the API answers it as a GET), and a POST is not', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'unavailable', method: 'GET', path: '/v1/vehicles' });

    const head = await f.request.head('/v1/vehicles').set(f.one.auth);
    const created = await f.createVehicle();

    expect(head.status).toBe(503);
    expect(head.headers['x-testbed-fault']).toMatch(/^flt_/);
    expect(created.status).toBe(201);
  });

  it('when a rule names a concrete path, then that path alone is faulted', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const first = await f.createVehicle();
    const second = await f.createVehicle();
    await f.addRule({ effect: 'internal', path: `/v1/vehicles/${first.body.id}` });

    const hit = await f.request.get(`/v1/vehicles/${first.body.id}/`).set(f.one.auth);
    const missed = await f.request.get(`/v1/vehicles/${second.body.id}`).set(f.one.auth);

    expect(hit.status).toBe(500);
    expect(missed.status).toBe(200);
  });

  it('when a rule names a path with characters a request sends percent-encoded (ñ), then it faults that request, as written either way', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'internal', path: '/v1/drivers/ñ' });
    await f.addRule({ effect: 'unavailable', path: '/v1/drivers/%c3%a1' });

    const spelled = await f.request.get('/v1/drivers/%C3%B1').set(f.one.auth);
    const lower = await f.request.get('/v1/drivers/%c3%b1').set(f.one.auth);
    const encodedRule = await f.request.get('/v1/drivers/%C3%A1').set(f.one.auth);
    const other = await f.request.get('/v1/drivers/n').set(f.one.auth);

    expect([spelled.status, lower.status, encodedRule.status, other.status]).toEqual([500, 500, 503, 404]);
  });

  it('when a rule names its path in another case (/V1/ME), then it is taken, as the journal filter and Express take it, and faults /v1/me', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const made = await f.addRule({ effect: 'internal', path: '/V1/ME' });
    const outside = await f.addRule({ effect: 'internal', path: '/me' });

    const hit = await f.request.get('/v1/me').set(f.one.auth);

    expect(made.status).toBe(201);
    expect(hit.status).toBe(500);
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toContain('path debe empezar por /v1/, p. ej. /v1/vehicles/{id}');
  });

  it('when a rule names a method only, then every request of that method is faulted', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'internal', method: 'POST' });

    const post = await f.createVehicle();
    const get = await f.request.get('/v1/vehicles').set(f.one.auth);

    expect(post.status).toBe(500);
    expect(get.status).toBe(200);
  });

  it('when a rule has after 2 and times 2, then requests 1-2 pass, 3-4 are faulted, 5 passes, and the rule stays listed spent', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'rate_limited', operation: 'createVehicle', after: 2, times: 2 });

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await f.createVehicle()).status);
    const listed = await f.listRules();

    expect(statuses).toEqual([201, 201, 429, 429, 201]);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: 'flt_1', after: 2, times: 2, hits: 2, remaining: 0, retryAfter: 1, when: 'before' }),
    ]);
  });

  it('when two rules match, then the first made wins until it is spent, then the next applies', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'rate_limited', times: 1 });
    await f.addRule({ effect: 'internal', times: 1 });

    const first = await f.createVehicle();
    const second = await f.createVehicle();
    const third = await f.createVehicle();

    expect([first.status, second.status, third.status]).toEqual([429, 500, 201]);
    expect([first.headers['x-testbed-fault'], second.headers['x-testbed-fault']]).toEqual(['flt_1', 'flt_2']);
  });

  it('when a rule has probability 0.5, then the faulted requests follow the seed, the same in a second world and after a clear', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    const pattern = async (auth: Record<string, string>) => {
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await f.request.get('/v1/vehicles').set(auth)).status);
      return out;
    };
    await f.addRule({ effect: 'internal', probability: 0.5 });
    await f.addRule({ effect: 'internal', probability: 0.5 }, f.two.tenant.id);

    const one = await pattern(f.one.auth);
    const two = await pattern(f.two.auth);
    await f.request.delete(`/_testbed/tenants/${f.one.tenant.id}/faults`).expect(200);
    await f.addRule({ effect: 'internal', probability: 0.5 });
    const again = await pattern(f.one.auth);
    const otherSeed = faultsApp({ seed: 8 });
    await otherSeed.addRule({ effect: 'internal', probability: 0.5 });
    const reseeded: number[] = [];
    for (let i = 0; i < 12; i++) reseeded.push((await otherSeed.request.get('/v1/vehicles').set(otherSeed.one.auth)).status);

    expect(one).toContain(500);
    expect(one).toContain(200);
    expect(two).toEqual(one);
    expect(again).toEqual(one);
    expect(reseeded).not.toEqual(one);
  });

  it('when probability is 0, then no request is faulted; at 1 every one is', async () => {
    allowUndeclaredResponses(UNDECLARED);
    const f = faultsApp();
    await f.addRule({ effect: 'internal', probability: 0, method: 'GET' });
    await f.addRule({ effect: 'internal', probability: 1, method: 'POST' });

    const get = await f.request.get('/v1/vehicles').set(f.one.auth);
    const post = await f.createVehicle();

    expect(get.status).toBe(200);
    expect(post.status).toBe(500);
  });
});
