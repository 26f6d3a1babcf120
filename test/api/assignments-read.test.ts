import { describe, expect, it } from 'vitest';
import { assignmentHelpers, useFleetApp, type FleetApp } from '../support/fleet-app.ts';
import { itRequiresKeyAndScope, type ScopedEndpoint } from '../support/key-and-scope.ts';

let t: FleetApp['t'];
let fleet: FleetApp['fleet'];
const { createVehicle, createDriver, assign, getAssignment, setRegistration, setInvitation } = assignmentHelpers(useFleetApp((app) => void ({ t, fleet } = app)));

describe('platformSync', () => {
  it.each([
    ['nothing is active', [], null, 'awaiting'],
    ['only the platform_a vehicle is approved', [['platform_a', 'approved']], null, 'awaiting'],
    ['the driver is bound but still under review', [['platform_a', 'approved']], ['bound', 'under_review'], 'awaiting'],
    ['the driver is approved but the vehicle is pending', [['platform_a', 'pending']], ['bound', 'approved'], 'awaiting'],
    ['both sides are active on platform_a', [['platform_a', 'approved']], ['bound', 'approved'], 'pending'],
    ['the vehicle is registered on platform_b', [['platform_b', 'registered']], null, 'pending'],
  ] as const)('when %s, then an active assignment reads %s', async (_label, regs, invitation, expected) => {
    const [vehicleId, driverId] = [await createVehicle(), await createDriver()];
    const { id } = (await assign(vehicleId, driverId)).body;
    for (const [platform, status] of regs) setRegistration(vehicleId, platform, status);
    if (invitation) setInvitation(driverId, invitation[0], invitation[1]);
    expect((await getAssignment(id)).platformSync).toBe(expected);
  });

  it('when an assignment ends, then it keeps the platformSync it had at that moment', async () => {
    const [vehicleId, driverId] = [await createVehicle(), await createDriver()];
    setRegistration(vehicleId, 'platform_b', 'registered');
    const { id } = (await assign(vehicleId, driverId)).body;
    expect((await t.request.delete(`/v1/assignments/${id}`).set(fleet.auth)).body.platformSync).toBe('pending');
    setRegistration(vehicleId, 'platform_b', 'removed');
    expect((await getAssignment(id)).platformSync).toBe('pending');
  });
});

describe('GET /v1/assignments', () => {
  async function history() {
    const [v1, v2, d1, d2] = [await createVehicle(), await createVehicle(), await createDriver(), await createDriver()];
    const ids: string[] = [];
    for (const [v, d] of [[v1, d1], [v1, d2], [v2, d1]]) {
      ids.push((await assign(v, d)).body.id);
      t.deps.clocks.service.advance(1000);
    }
    return { v1, v2, d1, d2, ids };
  }

  it('when filtered, then only matching assignments come, newest first', async () => {
    const { v1, v2, d1, d2, ids } = await history();
    const cases: [string, string[]][] = [
      ['', [ids[2], ids[1], ids[0]]],
      [`vehicleId=${v1}`, [ids[1], ids[0]]],
      [`vehicleId=${v2.toUpperCase()}`, [ids[2]]],
      [`driverId=${d1}`, [ids[2], ids[0]]],
      [`driverId=${d2}&status=active`, [ids[1]]],
      ['status=active', [ids[2], ids[1]]],
      ['status=ended', [ids[0]]],
      [`vehicleId=${v2}&driverId=${d2}`, []],
    ];
    for (const [query, expected] of cases) {
      const res = await t.request.get(`/v1/assignments?${query}`).set(fleet.auth);
      expect({ query, ids: res.body.data.map((a: { id: string }) => a.id) }).toEqual({ query, ids: expected });
    }
  });

  it('when paged with limit 1, then hasMore and startingAfter walk the list once', async () => {
    const { ids } = await history();
    const first = await t.request.get('/v1/assignments?limit=1').set(fleet.auth);
    expect(first.body).toMatchObject({ data: [{ id: ids[2] }], hasMore: true });
    const last = await t.request.get(`/v1/assignments?limit=2&startingAfter=${ids[2]}`).set(fleet.auth);
    expect(last.body).toMatchObject({ data: [{ id: ids[1] }, { id: ids[0] }], hasMore: false });
  });

  it.each([
    ['limit=0'], ['limit=101'], ['limit=x'], ['startingAfter=00000000-0000-4000-8000-000000000000'],
    ['vehicleId=nope'], ['driverId=123'], ['status=open'],
  ])('when the query is %s, then it answers 400 VALIDATION', async (query) => {
    const res = await t.request.get(`/v1/assignments?${query}`).set(fleet.auth);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });

  it.each([['1', 200], ['100', 200]])('when limit is %s, then it answers %i', async (limit, status) => {
    expect((await t.request.get(`/v1/assignments?limit=${limit}`).set(fleet.auth)).status).toBe(status);
  });
});

describe('authentication, scopes and tenant isolation', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const endpoints = [
    ['get', '/v1/assignments', 'drivers:read'],
    ['post', '/v1/assignments', 'drivers:write'],
    ['get', `/v1/assignments/${ID}`, 'drivers:read'],
    ['delete', `/v1/assignments/${ID}`, 'drivers:write'],
  ] as const satisfies readonly ScopedEndpoint[];

  itRequiresKeyAndScope(() => t, endpoints, () => ({ vehicleId: ID, driverId: ID }));

  it('when another tenant\'s assignment is read, ended or listed, then it is 404 and never shown', async () => {
    const other = t.newTenant('Flota Dos');
    const theirs = (await assign(await createVehicle(other.auth), await createDriver(other.auth), other.auth)).body;
    const read = await t.request.get(`/v1/assignments/${theirs.id}`).set(fleet.auth);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: { code: 'NOT_FOUND', message: 'La asignación no existe.', details: null, requestId: expect.stringMatching(/^req_/) } });
    expect((await t.request.delete(`/v1/assignments/${theirs.id}`).set(fleet.auth)).status).toBe(404);
    expect((await t.request.get(`/v1/assignments?vehicleId=${theirs.vehicleId}`).set(fleet.auth)).body).toEqual({ data: [], hasMore: false });
    expect((await t.request.get('/v1/assignments').set(fleet.auth)).body.data).toEqual([]);
    expect((await t.request.get(`/v1/assignments/${theirs.id}`).set(other.auth)).body.status).toBe('active');
  });

  it('when the id is not a UUID, then it answers 404 NOT_FOUND', async () => {
    expect((await t.request.get('/v1/assignments/abc').set(fleet.auth)).status).toBe(404);
  });
});
