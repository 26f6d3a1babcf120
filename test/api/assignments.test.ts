import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../support/app.ts';
import { itRequiresKeyAndScope, type ScopedEndpoint } from '../support/key-and-scope.ts';
import { createAssignmentStore } from '../../server/assignments/store.ts';

let t: ReturnType<typeof makeTestApp>;
let fleet: ReturnType<typeof t.newTenant>;
let seq = 0;

const createVehicle = async (auth = fleet.auth): Promise<string> => {
  const plate = `ASG${String(++seq).padStart(4, '0')}`;
  const res = await t.request.post('/v1/vehicles').set(auth).send({ plate, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco', vin: `3N1AB7AP${String(seq).padStart(9, '0')}` });
  expect(res.status).toBe(201);
  return res.body.id;
};
const createDriver = async (auth = fleet.auth): Promise<string> => {
  const res = await t.request.post('/v1/drivers').set(auth).send({ name: 'Luis Pérez', whatsapp: `33${String(++seq).padStart(8, '0')}`, city: 'Guadalajara' });
  expect(res.status).toBe(201);
  return res.body.id;
};
const assign = (vehicleId: string, driverId: string, auth = fleet.auth) => t.request.post('/v1/assignments').set(auth).send({ vehicleId, driverId });
const getAssignment = async (id: string) => (await t.request.get(`/v1/assignments/${id}`).set(fleet.auth)).body;
const setRegistration = (vehicleId: string, platform: string, status: string) =>
  t.deps.db.prepare('UPDATE vehicle_registrations SET status = ? WHERE vehicle_id = ? AND platform = ?').run(status, vehicleId, platform);
const setInvitation = (driverId: string, status: string, reviewStatus: string | null) =>
  t.deps.db.prepare(`UPDATE driver_invitations SET status = ?, review_status = ?, accepted_at = ? WHERE driver_id = ? AND platform = 'platform_a'`)
    .run(status, reviewStatus, status === 'bound' ? '2026-03-01T00:00:00.000Z' : null, driverId);

beforeEach(() => {
  t = makeTestApp();
  fleet = t.newTenant('Flota Uno');
});

describe('POST /v1/assignments', () => {
  it('when vehicle and driver exist, then it answers 201 with an active assignment, awaiting the platforms', async () => {
    const [vehicleId, driverId] = [await createVehicle(), await createDriver()];
    const res = await assign(vehicleId, driverId);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), vehicleId, driverId, status: 'active', platformSync: 'awaiting',
      startedAt: '2026-03-02T15:00:00.000Z', endedAt: null, createdAt: '2026-03-02T15:00:00.000Z',
    });
    expect(await getAssignment(res.body.id)).toEqual(res.body);
    expect((await t.request.get(`/v1/drivers/${driverId}`).set(fleet.auth)).body.assignedVehicleId).toBe(vehicleId);
  });

  it('when the vehicle and the driver each have another active assignment, then both end in the same call', async () => {
    const [v1, v2, d1, d2] = [await createVehicle(), await createVehicle(), await createDriver(), await createDriver()];
    const ofVehicle = (await assign(v1, d1)).body;
    const ofDriver = (await assign(v2, d2)).body;
    t.deps.clocks.service.advance(3_600_000);
    const res = await assign(v1, d2);
    expect(res.status).toBe(201);
    for (const old of [ofVehicle, ofDriver]) {
      expect(await getAssignment(old.id)).toMatchObject({ status: 'ended', endedAt: '2026-03-02T16:00:00.000Z', startedAt: '2026-03-02T15:00:00.000Z' });
    }
    const active = await t.request.get('/v1/assignments?status=active').set(fleet.auth);
    expect(active.body.data.map((a: { id: string }) => a.id)).toEqual([res.body.id]);
  });

  it('when the same pair is already active, then it answers 200 with that assignment unchanged', async () => {
    const [vehicleId, driverId] = [await createVehicle(), await createDriver()];
    const first = (await assign(vehicleId, driverId)).body;
    t.deps.clocks.service.advance(1000);
    const again = await assign(vehicleId, driverId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect((await t.request.get('/v1/assignments').set(fleet.auth)).body.data).toHaveLength(1);
  });

  it.each([
    [{}, ['driverId', 'vehicleId']], [{ vehicleId: 'x', driverId: '00000000-0000-4000-8000-000000000000' }, ['vehicleId']],
    [{ vehicleId: '00000000-0000-4000-8000-000000000000' }, ['driverId']], [{ vehicleId: 1, driverId: null }, ['driverId', 'vehicleId']],
  ])('when the body is %j, then it answers 400 VALIDATION naming %j', async (body, fields) => {
    const res = await t.request.post('/v1/assignments').set(fleet.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(fields);
  });

  it.each(['vehicleId', 'driverId'])('when %s belongs to another tenant, then it answers 404 and nothing changes', async (field) => {
    const other = t.newTenant('Flota Dos');
    const mine = { vehicleId: await createVehicle(), driverId: await createDriver() };
    const theirs = { vehicleId: await createVehicle(other.auth), driverId: await createDriver(other.auth) };
    const body = { ...mine, [field]: theirs[field as keyof typeof theirs] };
    const res = await t.request.post('/v1/assignments').set(fleet.auth).send(body);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', details: [expect.objectContaining({ field })] });
    expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM assignments').get()).toEqual({ n: 0 });
  });

  it('when 20 requests assign 20 drivers to one vehicle at once, then all succeed and exactly one stays active', async () => {
    const vehicleId = await createVehicle();
    const drivers: string[] = [];
    for (let i = 0; i < 20; i++) drivers.push(await createDriver());
    const results = await Promise.all(drivers.map((d) => assign(vehicleId, d)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const rows = t.deps.db.prepare('SELECT status, COUNT(*) AS n FROM assignments WHERE vehicle_id = ? GROUP BY status ORDER BY status').all(vehicleId);
    expect(rows).toEqual([{ status: 'active', n: 1 }, { status: 'ended', n: 19 }]);
  });

  it('when the store inserts a second active row for a vehicle, then the database refuses it', async () => {
    const [vehicleId, d1, d2] = [await createVehicle(), await createDriver(), await createDriver()];
    const store = createAssignmentStore(t.deps.db);
    const row = (id: string, driverId: string) => ({
      id, tenant_id: fleet.tenant.id, vehicle_id: vehicleId, driver_id: driverId, status: 'active' as const,
      platform_sync: 'awaiting' as const, started_at: 'now', ended_at: null, created_at: 'now',
    });
    store.insert(row('a1', d1));
    expect(() => store.insert(row('a2', d2))).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }));
    const otherVehicle = await createVehicle();
    expect(() => store.insert({ ...row('a3', d1), vehicle_id: otherVehicle })).toThrow(/assignments\.driver_id/);
  });
});

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

describe('DELETE /v1/assignments/{id}', () => {
  it('when the assignment is active, then it answers 200 with it ended and frees the vehicle and the driver', async () => {
    const [vehicleId, driverId] = [await createVehicle(), await createDriver()];
    const { id } = (await assign(vehicleId, driverId)).body;
    t.deps.clocks.service.advance(60_000);
    const res = await t.request.delete(`/v1/assignments/${id}`).set(fleet.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'ended', endedAt: '2026-03-02T15:01:00.000Z' });
    expect(await getAssignment(id)).toEqual(res.body);
    expect((await t.request.get(`/v1/vehicles/${vehicleId}`).set(fleet.auth)).body.assignedDriverId).toBeNull();
    expect((await t.request.get(`/v1/drivers/${driverId}`).set(fleet.auth)).body.assignedVehicleId).toBeNull();
  });

  it('when the assignment already ended, then it answers 200 with it unchanged', async () => {
    const { id } = (await assign(await createVehicle(), await createDriver())).body;
    const ended = (await t.request.delete(`/v1/assignments/${id}`).set(fleet.auth)).body;
    t.deps.clocks.service.advance(60_000);
    const again = await t.request.delete(`/v1/assignments/${id}`).set(fleet.auth);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ended);
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
