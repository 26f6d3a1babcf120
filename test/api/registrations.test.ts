import { http } from 'msw';
import { SIM_URLS } from '../support/platform-network.ts';
import { describe, expect, it } from 'vitest';
import { registrationFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('vehicle registrations', () => {
  const w = useWorld();
  const { nextPlate, nextVin, newVehicle, register, getVehicle, vehicleRow, registrationRows } = registrationFixtures(w);

  describe('platform_a', () => {
    it('when a vehicle with a catalog city is registered, then 201 pending with documents required and the vehicle pending_platform_a', async () => {
      // Arrange
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { platforms: ['platform_b'] });

      // Act
      const res = await register(auth, vehicle.id, 'platform_a');

      // Assert
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        platform: 'platform_a', status: 'pending', documentsRequired: true, docStatus: 'not_submitted',
        docReviewStatus: null, registeredAt: w.clock.now().toISOString(), approvedAt: null,
      });
      const stored = await getVehicle(auth, vehicle.id);
      expect(stored.body.status).toBe('pending_platform_a');
      expect(stored.body.platforms).toEqual(expect.arrayContaining(['platform_a', 'platform_b']));
      expect(stored.body.registrations.find((r: { platform: string }) => r.platform === 'platform_a')).toEqual(res.body);
    });

    it('when the registration POST is repeated, then 200 with the same object and nothing changes', async () => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);
      const first = await register(auth, vehicle.id, 'platform_a');
      const rowsBefore = registrationRows(vehicle.id);

      const again = await register(auth, vehicle.id, 'platform_a');

      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(registrationRows(vehicle.id)).toEqual(rowsBefore);
    });

    it.each([
      ['no city', {}],
      ['a city outside the catalog', { city: 'Springfield' }],
    ])('when the vehicle has %s, then 422 CITY_REQUIRED and the registration stays none', async (_case, city) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { city: undefined, ...city });

      const res = await register(auth, vehicle.id, 'platform_a');

      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('CITY_REQUIRED');
      const stored = await getVehicle(auth, vehicle.id);
      expect(stored.body.status).toBe('activo');
      expect(stored.body.registrations.map((r: { status: string }) => r.status)).toEqual(['none', 'none']);
    });

    it('when the city is set by PATCH after CITY_REQUIRED, then the registration works', async () => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { city: 'Springfield' });
      expect((await register(auth, vehicle.id, 'platform_a')).status).toBe(422);

      const patched = await w.request.patch(`/v1/vehicles/${vehicle.id}`).set(auth).send({ city: 'gdl' });
      const res = await register(auth, vehicle.id, 'platform_a');

      expect(patched.body.city).toBe('Guadalajara');
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('pending');
    });
  });

  describe('platform_b', () => {
    it('when a vehicle with a VIN is registered, then 201 registered at once, and a repeat answers 200 with the same object', async () => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { vin: nextVin() });

      const res = await register(auth, vehicle.id, 'platform_b');
      const again = await register(auth, vehicle.id, 'platform_b');

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        platform: 'platform_b', status: 'registered', documentsRequired: false, docStatus: null,
        docReviewStatus: null, registeredAt: w.clock.now().toISOString(), approvedAt: null,
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(res.body);
      const stored = await getVehicle(auth, vehicle.id);
      expect(stored.body.status).toBe('activo');
      expect(stored.body.platforms).toContain('platform_b');
    });

    it('when the VIN is patched while the platform_b registration waits for the platform, then 409 and the platform registers the VIN the API keeps', async () => {
      const { auth } = w.newTenant();
      const vin = nextVin();
      const vehicle = await newVehicle(auth, { vin });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const reached = new Promise<void>((resolve) => (asked = resolve));
      // Holds the registration call at the platform's door, then lets the simulators answer it.
      w.net.server.use(http.post(`${SIM_URLS.platform_b}/api/v2/vehicles`, async () => void (asked(), await held), { once: true }));

      const registering = register(auth, vehicle.id, 'platform_b').then((res) => res);
      await reached;
      const patched = await w.request.patch(`/v1/vehicles/${vehicle.id}`).set(auth).send({ vin: nextVin() });
      release();

      expect([patched.status, patched.body.error.code]).toEqual([409, 'CONFLICT']);
      expect((await registering).status).toBe(201);
      expect((await getVehicle(auth, vehicle.id)).body.vin).toBe(vin);
      expect(w.net.simulators.db.prepare('SELECT vin FROM pb_vehicles WHERE external_id = ?').pluck().get(vehicle.id)).toBe(vin);
    });

    it('when the vehicle has no VIN, then 422 VALIDATION naming vin; after a PATCH of the vin it registers', async () => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);

      const refused = await register(auth, vehicle.id, 'platform_b');
      const unchanged = registrationRows(vehicle.id);
      await w.request.patch(`/v1/vehicles/${vehicle.id}`).set(auth).send({ vin: nextVin() }).expect(200);
      const res = await register(auth, vehicle.id, 'platform_b');

      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION', details: [{ field: 'vin', message: expect.any(String) }] });
      expect(unchanged).toEqual(expect.arrayContaining([expect.objectContaining({ platform: 'platform_b', status: 'none' })]));
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('registered');
    });

    it('when platform_b refuses the vehicle (magic plate RB…), then 422 PLATFORM_REJECTED and nothing is stored', async () => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { plate: nextPlate('RB'), vin: nextVin() });
      const before = { vehicle: vehicleRow(vehicle.id), registrations: registrationRows(vehicle.id) };

      const res = await register(auth, vehicle.id, 'platform_b');

      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('PLATFORM_REJECTED');
      expect({ vehicle: vehicleRow(vehicle.id), registrations: registrationRows(vehicle.id) }).toEqual(before);
    });
  });

  describe('refresh rules', () => {
    it.each([
      ['platform_a', 'none', 409, 'CONFLICT'],
      ['platform_b', 'none', 422, 'CONFLICT'],
      ['platform_b', 'registered', 422, 'CONFLICT'],
    ])('when %s is refreshed while %s, then %i %s', async (platform, state, status, code) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth, { vin: nextVin() });
      if (state === 'registered') await register(auth, vehicle.id, platform).expect(201);

      const res = await w.request.post(`/v1/vehicles/${vehicle.id}/registrations/${platform}/refresh`).set(auth);

      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    });

    it.each(['platform_c', 'PLATFORM_A'])('when the platform segment of a refresh is %s, then 400 VALIDATION naming platform (spec §4 lists 400 there); a read of it stays 404', async (platform) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);
      await register(auth, vehicle.id, 'platform_a').expect(201);
      const rowsBefore = registrationRows(vehicle.id);

      const refresh = await w.request.post(`/v1/vehicles/${vehicle.id}/registrations/${platform}/refresh`).set(auth);
      const read = await w.request.get(`/v1/vehicles/${vehicle.id}/registrations/${platform}`).set(auth);

      const message = 'platform debe ser platform_a o platform_b';
      expect([refresh.status, refresh.body.error.message, refresh.body.error.details]).toEqual([400, `La solicitud no es válida (${message}).`, [{ field: 'platform', message }]]);
      expect([read.status, read.body.error.code]).toEqual([404, 'NOT_FOUND']);
      expect(registrationRows(vehicle.id)).toEqual(rowsBefore);
    });

    it('when the vehicle of a refresh with an unknown platform segment does not exist, then 404 comes before the 400', async () => {
      const { auth } = w.newTenant();

      const res = await w.request.post('/v1/vehicles/6f1c2a7e-0000-4000-8000-000000000000/registrations/platform_c/refresh').set(auth);

      expect([res.status, res.body.error.code]).toEqual([404, 'NOT_FOUND']);
    });
  });
});
