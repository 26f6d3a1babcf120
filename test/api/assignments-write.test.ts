import { describe, expect, it } from 'vitest';
import { assignmentHelpers, useFleetApp, type FleetApp } from '../support/fleet-app.ts';
import { createAssignmentStore } from '../../server/assignments/store.ts';

let t: FleetApp['t'];
let fleet: FleetApp['fleet'];
const { createVehicle, createDriver, assign, getAssignment } = assignmentHelpers(useFleetApp((app) => void ({ t, fleet } = app)));

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
    [{}, ['driverId es obligatorio', 'vehicleId es obligatorio']],
    [{ vehicleId: 'x', driverId: '00000000-0000-4000-8000-000000000000' }, ['vehicleId debe ser un UUID']],
    [{ vehicleId: '00000000-0000-4000-8000-000000000000' }, ['driverId es obligatorio']],
    [{ vehicleId: 1, driverId: null }, ['driverId debe ser un UUID', 'vehicleId debe ser un UUID']],
  ])('when the body is %j, then it answers 400 VALIDATION saying %j', async (body, messages) => {
    const res = await t.request.post('/v1/assignments').set(fleet.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details.map((d: { message: string }) => d.message).sort()).toEqual(messages);
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
