import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { validBody } from '../support/vehicles.ts';

/** /v1 ignores query parameters it does not declare (v1 changes are additive), and says so in a header. */
describe('query parameters a /v1 operation does not declare', () => {
  const t = makeTestApp();
  const { tenant, auth } = t.newTenant();

  it('when a list is paged with starting_after for startingAfter, then it answers the first page as before and the header names the parameter', async () => {
    await t.request.post('/v1/vehicles').set(auth).send(validBody()).expect(201);

    const res = await t.request.get('/v1/vehicles?limit=1&starting_after=abc').set(auth);

    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.headers['x-testbed-unknown-query']).toBe('starting_after');
  });

  it('when only declared parameters are sent, then there is no header (the boundary)', async () => {
    const res = await t.request.get('/v1/vehicles?limit=1&status=activo').set(auth).expect(200);

    expect(res.headers['x-testbed-unknown-query']).toBeUndefined();
  });

  it('when an operation with no query gets some, then every one is named, percent-encoded when it is not plain ASCII', async () => {
    const res = await t.request.get('/v1/me?plaça=1&x=2').set(auth).expect(200);

    expect(res.headers['x-testbed-unknown-query']).toBe('pla%C3%A7a, x');
  });

  it('when the names are many or long, then the header names the first ones and says there are more; an empty name is none', async () => {
    const many = Array.from({ length: 25 }, (_, i) => `p${i}=1`).join('&');
    const long = `${'x'.repeat(600)}=1&${'y'.repeat(600)}=1`;

    const manyRes = await t.request.get(`/v1/me?${many}`).set(auth).expect(200);
    const longRes = await t.request.get(`/v1/me?${long}`).set(auth).expect(200);
    const emptyRes = await t.request.get('/v1/me?=1').set(auth).expect(200);

    expect(manyRes.headers['x-testbed-unknown-query']).toBe(`${Array.from({ length: 20 }, (_, i) => `p${i}`).join(', ')}, ...`);
    expect(longRes.headers['x-testbed-unknown-query']).toBe(`${'x'.repeat(600)}, ...`);
    expect(emptyRes.headers['x-testbed-unknown-query']).toBeUndefined();
  });

  it('when the journal shows the request, then its answer carries the header', async () => {
    await t.request.get('/v1/drivers?stauts=activo').set(auth).expect(200);

    const journal = await t.request.get(`/_testbed/tenants/${tenant.id}/requests?operation=listDrivers`).expect(200);

    expect(journal.body.data[0].response.headers['x-testbed-unknown-query']).toBe('stauts');
  });
});
