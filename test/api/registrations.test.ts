import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import { useWorld } from '../support/world.ts';

type Auth = { Authorization: string };

describe('vehicle registrations', () => {
  const w = useWorld();
  let seq = 0;
  const nextPlate = (prefix = 'RG') => `${prefix}-${String(++seq).padStart(4, '0')}`;
  const nextVin = () => `1HGCM82633A${String(++seq).padStart(6, '0')}`;

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
  });

  describe('colour lock', () => {
    it.each([[{ color: 'Negro' }], [{ colorId: 2 }]])('when the colour changes (%j) after a platform_a registration, then 409 VEHICLE_COLOR_LOCKED and nothing of the call is saved', async (colour) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);
      await register(auth, vehicle.id, 'platform_a').expect(201);
      const before = vehicleRow(vehicle.id);

      const res = await w.request.patch(`/v1/vehicles/${vehicle.id}`).set(auth).send({ ...colour, notes: 'pintado', city: 'Monterrey', status: 'inactivo' });

      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('VEHICLE_COLOR_LOCKED');
      expect(vehicleRow(vehicle.id)).toEqual(before);
    });

    it.each([['the same name', { color: 'blanco' }], ['the same id', { colorId: 1 }]])('when the colour sent is %s, then 200 and the other fields are saved', async (_case, colour) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);
      await register(auth, vehicle.id, 'platform_a').expect(201);

      const res = await w.request.patch(`/v1/vehicles/${vehicle.id}`).set(auth).send({ ...colour, notes: 'revisado' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ color: 'Blanco', colorId: 1, notes: 'revisado' });
    });
  });

  describe('access', () => {
    type Endpoint = { method: 'get' | 'post'; path: string; scope: Scope; body?: object };
    const names = ['register', 'list', 'get one', 'refresh'] as const;
    const endpoint = (id: string, name: (typeof names)[number]): Endpoint => ({
      register: { method: 'post', path: `/v1/vehicles/${id}/registrations`, scope: 'vehicles:write', body: { platform: 'platform_a' } },
      list: { method: 'get', path: `/v1/vehicles/${id}/registrations`, scope: 'vehicles:read' },
      'get one': { method: 'get', path: `/v1/vehicles/${id}/registrations/platform_a`, scope: 'vehicles:read' },
      refresh: { method: 'post', path: `/v1/vehicles/${id}/registrations/platform_a/refresh`, scope: 'vehicles:write' },
    } as const)[name];
    const call = (method: 'get' | 'post', path: string, auth: Auth, body?: object) =>
      method === 'get' ? w.request.get(path).set(auth) : w.request.post(path).set(auth).send(body);

    it.each(names)('when %s is called without its scope, then 403 INSUFFICIENT_SCOPE; with only that scope, not 403', async (name) => {
      const owner = w.newTenant();
      const vehicle = await newVehicle(owner.auth);
      const { method, path, scope, body } = endpoint(vehicle.id, name);
      const others = (['vehicles:read', 'vehicles:write', 'documents:write'] as Scope[]).filter((s) => s !== scope);
      const lacking = w.tenants.createKey(owner.tenant.id, others);
      const holding = w.tenants.createKey(owner.tenant.id, [scope]);

      const denied = await call(method, path, { Authorization: `Bearer ${lacking.key}` }, body);
      const allowed = await call(method, path, { Authorization: `Bearer ${holding.key}` }, body);

      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('INSUFFICIENT_SCOPE');
      expect(allowed.status).not.toBe(403);
    });

    it.each(names)("when %s names another tenant's vehicle, then 404 and nothing is stored", async (name) => {
      const owner = w.newTenant();
      const stranger = w.newTenant('Flota Ajena');
      const vehicle = await newVehicle(owner.auth);
      const before = registrationRows(vehicle.id);
      const { method, path, body } = endpoint(vehicle.id, name);

      const res = await call(method, path, stranger.auth, body);

      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(registrationRows(vehicle.id)).toEqual(before);
    });

    it.each([
      ['get', '/registrations/platform_c'],
      ['get', '/registrations/PLATFORM_A'],
      ['post', '/registrations/platform_x/refresh'],
    ] as const)('when the platform segment is unknown (%s …%s), then 404 NOT_FOUND', async (method, suffix) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);

      const res = await call(method, `/v1/vehicles/${vehicle.id}${suffix}`, auth);

      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });

    it.each([[{ platform: 'x' }], [{ platform: 'PLATFORM_A' }], [{}], [{ platform: null }]])('when the register body is %j, then 400 VALIDATION and nothing is stored', async (body) => {
      const { auth } = w.newTenant();
      const vehicle = await newVehicle(auth);
      const before = registrationRows(vehicle.id);

      const res = await w.request.post(`/v1/vehicles/${vehicle.id}/registrations`).set(auth).send(body);

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(registrationRows(vehicle.id)).toEqual(before);
    });

    it("when another tenant's vehicle is named with an invalid body, then 404 comes before 400", async () => {
      const owner = w.newTenant();
      const vehicle = await newVehicle(owner.auth);

      const res = await register(w.newTenant('Flota Ajena').auth, vehicle.id, 'x');

      expect(res.status).toBe(404);
    });
  });
});
