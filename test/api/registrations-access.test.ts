import { describe, expect, it } from 'vitest';
import type { Scope } from '../../server/auth/scopes.ts';
import type { Auth } from '../support/fleet-fixtures.ts';
import { registrationFixtures } from '../support/registration-fixtures.ts';
import { useWorld } from '../support/world.ts';

describe('vehicle registrations', () => {
  const w = useWorld();
  const { newVehicle, register, vehicleRow, registrationRows } = registrationFixtures(w);

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
    ] as const)('when the platform segment of a read is unknown (%s …%s), then 404 NOT_FOUND (a refresh\'s is 400: registrations.test.ts)', async (method, suffix) => {
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
