import { expect } from 'vitest';
import { makeTestApp } from './app.ts';

export type Body = Record<string, unknown>;

export const VALID_VIN = '1HGCM82633A004352';

/** A POST /v1/vehicles body that passes every rule; each test overrides what it is about. */
export const validBody = (overrides: Body = {}): Body => ({
  plate: 'ABC123',
  brand: 'Nissan',
  model: 'Versa',
  year: 2022,
  color: 'Blanco',
  ...overrides,
});

/** A valid body with only the plate chosen (ERR-001 unless given). */
export const vehicleBody = (plate = 'ERR-001') => validBody({ plate });

/** Drops a key from a body (for "missing field" cases). */
export const without = (body: Body, ...keys: string[]) => Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));

/** An app whose tenant «Flota Uno» has no vehicle yet, a POST as that tenant, and a row counter. */
export function vehiclesApp() {
  const t = makeTestApp();
  const owner = t.newTenant('Flota Uno');
  const post = (body: Body, auth = owner.auth) => t.request.post('/v1/vehicles').set(auth).send(body);
  const count = (sql = 'SELECT COUNT(*) AS n FROM vehicles', ...params: unknown[]) =>
    (t.deps.db.prepare(sql).get(...params) as { n: number }).n;
  return { ...t, owner, post, count };
}

const fieldsOf = (res: { body: any }) => (res.body.error?.details ?? []).map((d: { field: string }) => d.field);

/** POSTs `body` on a new tenant: 400 VALIDATION whose details name `field`, and no vehicle saved. */
export async function expectRefusedNaming(field: string, body: Body) {
  const { post, count } = vehiclesApp();

  const res = await post(body);

  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION');
  expect(fieldsOf(res)).toContain(field);
  expect(count()).toBe(0);
}

/** An app whose tenant owns one vehicle (Blanco, no city, no VIN) plus helpers to patch and read the row. */
export async function withVehicle(extra: Body = {}) {
  const t = makeTestApp();
  const owner = t.newTenant('Flota Uno');
  const created = await t.request
    .post('/v1/vehicles')
    .set(owner.auth)
    .send({ plate: 'PAT-001', brand: 'Toyota', model: 'Yaris', year: 2020, color: 'Blanco', ...extra });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const patch = (body: Body, auth = owner.auth, vehicleId = id) =>
    t.request.patch(`/v1/vehicles/${vehicleId}`).set(auth).send(body);
  const row = (vehicleId = id) => t.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(vehicleId) as Record<string, unknown>;
  const setRegistration = (platform: string, status: string) =>
    t.deps.db.prepare('UPDATE vehicle_registrations SET status = ? WHERE vehicle_id = ? AND platform = ?').run(status, id, platform);
  return { ...t, owner, id, created: created.body, patch, row, setRegistration };
}
