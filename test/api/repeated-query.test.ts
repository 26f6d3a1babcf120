import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { expectEnvelope } from '../support/error-envelope.ts';

/** A declared /v1 query parameter given twice arrives as a list: refused naming the repetition. */
describe('a /v1 query parameter given more than once', () => {
  const t = makeTestApp();
  const { auth } = t.newTenant();
  const daily = '/v1/earnings/daily?from=2026-03-01&to=2026-03-01';

  it('when a required parameter (platform) comes twice, then 400 VALIDATION says it is repeated, not that it is missing', async () => {
    const res = await t.request.get(`${daily}&platform=platform_b&platform=platform_a`).set(auth);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe('La consulta repite platform: cada parámetro debe darse una sola vez.');
    expect(res.body.error.details).toEqual([{ field: 'platform', message: 'platform debe darse una sola vez' }]);
  });

  it('when two parameters come twice (from and status), then both are named', async () => {
    const dates = await t.request.get(`${daily}&platform=platform_b&from=2026-03-02`).set(auth);
    const list = await t.request.get('/v1/vehicles?status=activo&status=inactivo&limit=1&limit=2').set(auth);

    expect(dates.body.error.message).toBe('La consulta repite from: cada parámetro debe darse una sola vez.');
    expect(list.body.error.details.map((d: { field: string }) => d.field)).toEqual(['limit', 'status']);
  });

  it('when each comes once (the boundary), then it is answered; an undeclared one repeated stays ignored and named in the header', async () => {
    const once = await t.request.get(`${daily}&platform=platform_b`).set(auth);
    const unknown = await t.request.get('/v1/vehicles?x=1&x=2').set(auth);

    expect(once.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.headers['x-testbed-unknown-query']).toBe('x');
  });
});
