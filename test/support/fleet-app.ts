import { beforeEach, expect } from 'vitest';
import { makeTestApp } from './app.ts';

export interface FleetApp {
  t: ReturnType<typeof makeTestApp>;
  fleet: ReturnType<ReturnType<typeof makeTestApp>['newTenant']>;
}

/**
 * A new app and tenant «Flota Uno» before each test of the file. `bind` hands them to the file (its
 * own `t` and `fleet`); the getter returned hands them to the helpers below.
 */
export function useFleetApp(bind: (app: FleetApp) => void): () => FleetApp {
  let current: FleetApp;
  beforeEach(() => {
    const t = makeTestApp();
    current = { t, fleet: t.newTenant('Flota Uno') };
    bind(current);
  });
  return () => current;
}

/** Drivers (Ana López, WhatsApp 55…) and vehicles (DRV…) made through the API; every number and plate is new. */
export function driverHelpers(app: () => FleetApp) {
  let seq = 0;
  const phone = () => `55${String(++seq).padStart(8, '0')}`;
  const driverBody = (over: Record<string, unknown> = {}) => ({ name: 'Ana López', whatsapp: phone(), city: 'Guadalajara', ...over });

  const postDriver = (body: object, auth = app().fleet.auth) => app().t.request.post('/v1/drivers').set(auth).send(body);
  const patchDriver = (id: string, body: object, auth = app().fleet.auth) => app().t.request.patch(`/v1/drivers/${id}`).set(auth).send(body);
  const createDriver = async (over: Record<string, unknown> = {}, auth = app().fleet.auth) => {
    const res = await postDriver(driverBody(over), auth);
    expect(res.status).toBe(201);
    return res.body;
  };
  const createVehicle = async (auth = app().fleet.auth) => {
    const plate = `DRV${String(++seq).padStart(4, '0')}`;
    const res = await app().t.request.post('/v1/vehicles').set(auth).send({ plate, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco' });
    expect(res.status).toBe(201);
    return res.body;
  };
  const acceptOnPlatformA = (driverId: string) =>
    app().t.deps.db
      .prepare(`UPDATE driver_invitations SET status = 'bound', review_status = 'approved', invited_at = ?, accepted_at = ? WHERE driver_id = ? AND platform = 'platform_a'`)
      .run('2026-03-01T00:00:00.000Z', '2026-03-01T01:00:00.000Z', driverId);

  return { driverBody, postDriver, patchDriver, createDriver, createVehicle, acceptOnPlatformA };
}

/** Vehicles (ASG…, with a VIN) and drivers (Luis Pérez, 33…) by id, assignments, and the platform states they read. */
export function assignmentHelpers(app: () => FleetApp) {
  let seq = 0;
  const createVehicle = async (auth = app().fleet.auth): Promise<string> => {
    const plate = `ASG${String(++seq).padStart(4, '0')}`;
    const res = await app().t.request.post('/v1/vehicles').set(auth).send({ plate, brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco', vin: `3N1AB7AP${String(seq).padStart(9, '0')}` });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const createDriver = async (auth = app().fleet.auth): Promise<string> => {
    const res = await app().t.request.post('/v1/drivers').set(auth).send({ name: 'Luis Pérez', whatsapp: `33${String(++seq).padStart(8, '0')}`, city: 'Guadalajara' });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const assign = (vehicleId: string, driverId: string, auth = app().fleet.auth) => app().t.request.post('/v1/assignments').set(auth).send({ vehicleId, driverId });
  const getAssignment = async (id: string) => (await app().t.request.get(`/v1/assignments/${id}`).set(app().fleet.auth)).body;
  const setRegistration = (vehicleId: string, platform: string, status: string) =>
    app().t.deps.db.prepare('UPDATE vehicle_registrations SET status = ? WHERE vehicle_id = ? AND platform = ?').run(status, vehicleId, platform);
  const setInvitation = (driverId: string, status: string, reviewStatus: string | null) =>
    app().t.deps.db.prepare(`UPDATE driver_invitations SET status = ?, review_status = ?, accepted_at = ? WHERE driver_id = ? AND platform = 'platform_a'`)
      .run(status, reviewStatus, status === 'bound' ? '2026-03-01T00:00:00.000Z' : null, driverId);

  return { createVehicle, createDriver, assign, getAssignment, setRegistration, setInvitation };
}
