import { expect } from 'vitest';
import type { Auth } from './fleet-fixtures.ts';
import { TINY_PNG } from './images.ts';
import type { useWorld } from './world.ts';

type World = ReturnType<typeof useWorld>;

/** Plates `${prefix}-0001`… and VINs `${vinStem}000002`… from one counter, so no two repeat. */
function serials(platePrefix: string, vinStem: string) {
  let seq = 0;
  return {
    nextPlate: (prefix = platePrefix) => `${prefix}-${String(++seq).padStart(4, '0')}`,
    nextVin: () => `${vinStem}${String(++seq).padStart(6, '0')}`,
  };
}

/** For registrations*.test.ts: vehicles (Nissan Versa in Guadalajara, RG-…), the registration call and the rows it writes. */
export function registrationFixtures(w: World) {
  const { nextPlate, nextVin } = serials('RG', '1HGCM82633A');

  async function newVehicle(auth: Auth, extra: Record<string, unknown> = {}) {
    const body = { plate: nextPlate(), brand: 'Nissan', model: 'Versa', year: 2022, color: 'Blanco', city: 'Guadalajara', ...extra };
    const res = await w.request.post('/v1/vehicles').set(auth).send(body);
    expect(res.status).toBe(201);
    return res.body as { id: string; status: string; platforms: string[] };
  }
  const register = (auth: Auth, id: string, platform: string) =>
    w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform });
  const getVehicle = (auth: Auth, id: string) => w.request.get(`/v1/vehicles/${id}`).set(auth);
  const vehicleRow = (id: string) => w.deps.db.prepare('SELECT * FROM vehicles WHERE id = ?').get(id);
  const registrationRows = (id: string) => w.deps.db.prepare('SELECT * FROM vehicle_registrations WHERE vehicle_id = ? ORDER BY platform').all(id);

  return { nextPlate, nextVin, newVehicle, register, getVehicle, vehicleRow, registrationRows };
}

/** For registration-review*.test.ts: vehicles registered on platform_a (Kia Rio in Puebla, RV-…) and the review's steps. */
export function reviewFixtures(w: World) {
  const { nextPlate, nextVin } = serials('RV', '3VWFE21C04M');

  async function registeredVehicle(extra: Record<string, unknown> = {}) {
    const { auth } = w.newTenant();
    const body = { plate: nextPlate(), brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Puebla', vin: nextVin(), ...extra };
    const created = await w.request.post('/v1/vehicles').set(auth).send(body).expect(201);
    const id: string = created.body.id;
    await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    return { auth, id };
  }
  const upload = (auth: Auth, id: string, file = TINY_PNG) =>
    w.request.post(`/v1/vehicles/${id}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', file, 'card.png');
  const stored = async (auth: Auth, id: string) => (await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body;
  const vehicleStatus = async (auth: Auth, id: string) => (await w.request.get(`/v1/vehicles/${id}`).set(auth).expect(200)).body.status;
  const refresh = (auth: Auth, id: string) => w.request.post(`/v1/vehicles/${id}/registrations/platform_a/refresh`).set(auth);
  const review = (id: string, verdict: 'approved' | 'rejected', card?: 'approved' | 'rejected') =>
    w.net.control.reviewVehicle(id, { verdict, card });

  /** A registered vehicle whose card is uploaded: platform_a's review of it is running. */
  async function underReview(extra: Record<string, unknown> = {}) {
    const vehicle = await registeredVehicle(extra);
    await upload(vehicle.auth, vehicle.id).expect(201);
    return vehicle;
  }

  return { nextPlate, nextVin, registeredVehicle, underReview, upload, stored, vehicleStatus, refresh, review };
}
