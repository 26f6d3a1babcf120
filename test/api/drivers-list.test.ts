import { describe, expect, it } from 'vitest';
import { driverHelpers, useFleetApp, type FleetApp } from '../support/fleet-app.ts';
import { itRequiresKeyAndScope, type ScopedEndpoint } from '../support/key-and-scope.ts';

let t: FleetApp['t'];
let fleet: FleetApp['fleet'];
const { driverBody, createDriver } = driverHelpers(useFleetApp((app) => void ({ t, fleet } = app)));

describe('GET /v1/drivers', () => {
  it('when listed, then drivers come newest first and another tenant\'s never appear', async () => {
    await createDriver({}, t.newTenant('Flota Dos').auth);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++, t.deps.clocks.service.advance(1000)) ids.push((await createDriver()).id);
    const res = await t.request.get('/v1/drivers').set(fleet.auth);
    expect(res.body).toEqual({ data: ids.reverse().map((id) => expect.objectContaining({ id })), hasMore: false });
  });

  it('when drivers share createdAt, then ties are ordered by id descending and pages walk them all once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createDriver()).id);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await t.request.get(`/v1/drivers?limit=2${cursor}`).set(fleet.auth);
      seen.push(...res.body.data.map((d: { id: string }) => d.id));
      if (!res.body.hasMore) break;
      cursor = `&startingAfter=${seen.at(-1)}`;
    }
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('when no limit is given, then pages hold 25 drivers', async () => {
    for (let i = 0; i < 26; i++) await createDriver();
    const res = await t.request.get('/v1/drivers').set(fleet.auth);
    expect(res.body.data).toHaveLength(25);
    expect(res.body.hasMore).toBe(true);
  });

  it.each([['1', 200], ['100', 200], ['0', 400], ['101', 400], ['abc', 400], ['2.5', 400], ['-1', 400]])(
    'when limit is %s, then it answers %i',
    async (limit, status) => {
      expect((await t.request.get(`/v1/drivers?limit=${limit}`).set(fleet.auth)).status).toBe(status);
    },
  );

  it.each([['unknown', '00000000-0000-4000-8000-000000000000'], ['not a uuid', 'abc']])(
    'when startingAfter is %s, then it answers 400 VALIDATION',
    async (_label, cursor) => {
      const res = await t.request.get(`/v1/drivers?startingAfter=${cursor}`).set(fleet.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    },
  );

  it('when startingAfter is another tenant\'s driver, then it answers 400 as an unknown cursor', async () => {
    const theirs = await createDriver({}, t.newTenant('Flota Dos').auth);
    expect((await t.request.get(`/v1/drivers?startingAfter=${theirs.id}`).set(fleet.auth)).status).toBe(400);
  });

  it.each(['5512347777', '%2B525512347777', '%2B5215512347777', '+5215512347777'])(
    'when filtering by whatsapp written %s, then the one driver with that number is found',
    async (query) => {
      await createDriver();
      const driver = await createDriver({ whatsapp: '+525512347777' });
      const res = await t.request.get(`/v1/drivers?whatsapp=${query}`).set(fleet.auth);
      expect(res.body.data.map((d: { id: string }) => d.id)).toEqual([driver.id]);
    },
  );

  it('when filtering by a number of another tenant\'s driver, then the list is empty', async () => {
    await createDriver({ whatsapp: '5512348888' }, t.newTenant('Flota Dos').auth);
    expect((await t.request.get('/v1/drivers?whatsapp=5512348888').set(fleet.auth)).body).toEqual({ data: [], hasMore: false });
  });

  it('when the whatsapp filter is outside the pattern, then it answers 400 INVALID_PHONE', async () => {
    const res = await t.request.get('/v1/drivers?whatsapp=12345').set(fleet.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_PHONE', details: [expect.objectContaining({ field: 'whatsapp' })] });
  });
});

describe('authentication, scopes and errors', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const endpoints = [
    ['get', '/v1/drivers', 'drivers:read'],
    ['post', '/v1/drivers', 'drivers:write'],
    ['get', `/v1/drivers/${ID}`, 'drivers:read'],
    ['patch', `/v1/drivers/${ID}`, 'drivers:write'],
  ] as const satisfies readonly ScopedEndpoint[];

  itRequiresKeyAndScope(() => t, endpoints, driverBody);

  it('when a driver of another tenant is read, then it answers 404 in the error envelope', async () => {
    const theirs = await createDriver({}, t.newTenant('Flota Dos').auth);
    const res = await t.request.get(`/v1/drivers/${theirs.id}`).set(fleet.auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'El conductor no existe.', details: null, requestId: expect.stringMatching(/^req_/) } });
  });
});
