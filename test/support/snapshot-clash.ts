import type { useWorld } from './world.ts';
import type { fleetFixtures } from './fleet-fixtures.ts';

/**
 * World A saved under `name` with a vehicle and its VIN; then A drops the VIN and world B takes it:
 * a restore of A's snapshot would take a VIN another world holds now (409, nothing restored).
 */
export async function vinTakenSinceSnapshot(w: ReturnType<typeof useWorld>, f: ReturnType<typeof fleetFixtures>, name: string) {
  const a = w.newTenant();
  const b = w.newTenant();
  const vehicleId = await f.vehicle(a.auth);
  const { vin } = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth)).body as { vin: string };
  await w.services.worldSnapshots.save(a.tenant.id, name);
  await w.request.patch(`/v1/vehicles/${vehicleId}`).set(a.auth).send({ vin: null }).expect(200);
  await w.request.post('/v1/vehicles').set(b.auth).send({ plate: `CLASH-${name.length}${vin.slice(-3)}`, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin }).expect(201);
  return { a, b, vehicleId, vin };
}
