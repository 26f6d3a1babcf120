import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { TENANT_ROWS } from '../../server/tenants/purge.ts';
import { useWorld } from '../support/world.ts';
import { makeTestApp } from '../support/app.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/_testbed tenants and keys', () => {
  const w = useWorld();
  let seq = 0;
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const createTenant = (body: object) => w.request.post('/_testbed/tenants').send(body);

  describe('creating worlds', () => {
    it('when a tenant is created with no options, then it is active with one test key holding all six scopes, which works at once', async () => {
      const res = await createTenant({ name: 'Flota Uno' });

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Flota Uno', status: 'active' });
      expect(res.body.keys).toHaveLength(1);
      expect(res.body.keys[0]).toMatchObject({ environment: 'test', scopes: [...SCOPES] });
      expect(res.body.keys[0].key.startsWith(res.body.keys[0].prefix)).toBe(true);
      expect((await w.request.get('/v1/me').set(bearer(res.body.keys[0].key))).status).toBe(200);
    });

    it('when two testbeds of one seed make the same named worlds in opposite orders, then each world gets the same id and makes the same ids; a name used again gets another', async () => {
      const other = makeTestApp({ seed: w.deps.seed });
      const make = async (request: typeof w.request, name: string) => {
        const { id, keys: [{ key }] } = (await request.post('/_testbed/tenants').send({ name }).expect(201)).body;
        const vehicle = await request.post('/v1/vehicles').set(bearer(key)).send({ plate: `${name === 'Orden A' ? 'OA' : 'OB'}${++seq}XYZ`, brand: 'Kia', model: 'Rio', year: 2023, color: 'rojo' }).expect(201);
        return [id, vehicle.body.id];
      };
      const here = [await make(w.request, 'Orden A'), await make(w.request, 'Orden B')];
      const there = [await make(other.request, 'Orden B'), await make(other.request, 'Orden A')];
      const again = await make(w.request, 'Orden A');

      expect(there.reverse()).toEqual(here);
      expect(again[0]).not.toBe(here[0][0]);
    });

    it('when a pending tenant is created with a live read-only key, then its key gets 403 TENANT_PENDING until it is approved', async () => {
      const res = await createTenant({ name: 'Flota Pendiente', status: 'pending', keys: [{ scopes: ['vehicles:read'], environment: 'live' }] });
      const key = res.body.keys[0];

      const before = await w.request.get('/v1/me').set(bearer(key.key));
      const approved = await w.request.post(`/_testbed/tenants/${res.body.id}/approve`);
      const after = await w.request.get('/v1/me').set(bearer(key.key));

      expect(key).toMatchObject({ environment: 'live', scopes: ['vehicles:read'] });
      expect(key.key).toMatch(/^fk_live_/);
      expect(before.body.error.code).toBe('TENANT_PENDING');
      expect(approved.body).toEqual({ id: res.body.id, status: 'active' });
      expect(after.status).toBe(200);
    });

    it('when keys is an empty list, then the tenant has no key', async () => {
      const res = await createTenant({ name: 'Sin Claves', keys: [] });

      expect(res.status).toBe(201);
      expect(res.body.keys).toEqual([]);
    });

    it.each([
      ['no name', {}],
      ['an empty name', { name: '   ' }],
      ['a name of 201 characters', { name: 'x'.repeat(201) }],
      ['a name of 201 emoji (characters, not UTF-16 units, are counted)', { name: '🚕'.repeat(201) }],
      ['an unknown status', { status: 'closed', name: 'X' }],
      ['an unknown scope', { name: 'X', keys: [{ scopes: ['rides:write'] }] }],
      ['an empty scope list', { name: 'X', keys: [{ scopes: [] }] }],
      ['an unknown environment', { name: 'X', keys: [{ environment: 'prod' }] }],
      ['21 keys', { name: 'X', keys: Array.from({ length: 21 }, () => ({})) }],
    ])('when the body has %s, then 400 VALIDATION and no tenant is made', async (_what, body) => {
      const before = w.tenants.store.listTenants().length;

      const res = await createTenant(body);

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    const INVISIBLE = 'name no admite caracteres de control ni invisibles (saltos de línea, tabuladores, marcas de dirección…) ni sustitutos UTF-16 sueltos';
    it.each([
      ['a number', 123, 'name debe ser texto'],
      ['missing', undefined, 'name es obligatorio'],
      ['a line break inside', 'Flota\nNorte', INVISIBLE],
      ['a NUL and a bell', '\u0000\u0007', INVISIBLE],
      ['a DEL', 'Flota\u007f', INVISIBLE],
      ['a C1 control (NEL)', 'Flota\u0085Norte', INVISIBLE],
      ['a right-to-left override', 'Flota\u202eNorte', INVISIBLE],
      ['a zero-width space', 'Flota\u200bNorte', INVISIBLE],
      ['a lone high surrogate (stored as U+FFFD, not as answered)', 'a\ud800b', INVISIBLE],
      ['a lone low surrogate at the end', 'Flota\udc00', INVISIBLE],
    ])('when the name is %s, then 400 says what is wrong with it and no tenant is made', async (_what, name, message) => {
      const before = w.tenants.store.listTenants().length;

      const res = await createTenant({ name });

      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'name', message }]);
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when the name has accents, ñ, an emoji joined by zero-width joiners and spaces around, then it is accepted, trimmed (the boundary of the control-character rule)', async () => {
      const res = await createTenant({ name: '  Flota Peñón Ü 👨‍👩‍👧  ' });

      expect([res.status, res.body.name]).toEqual([201, 'Flota Peñón Ü 👨‍👩‍👧']);
    });

    it('when the name has 200 characters and 20 keys are asked, then both limits are accepted', async () => {
      const res = await createTenant({ name: 'x'.repeat(200), keys: Array.from({ length: 20 }, () => ({})) });

      expect(res.status).toBe(201);
      expect(res.body.keys).toHaveLength(20);
    });

    it('when the name has 200 emoji (400 UTF-16 units), then it is accepted: a name counts characters, as the partner API and its document do', async () => {
      const res = await createTenant({ name: '🚕'.repeat(200) });

      expect([res.status, res.body.name]).toEqual([201, '🚕'.repeat(200)]);
    });
  });

  describe('listing', () => {
    it('when tenants are listed, then newest first, each with its time and creation, and keys never show a secret', async () => {
      const a = await createTenant({ name: `Lista ${++seq}` });
      const extra = await w.request.post(`/_testbed/tenants/${a.body.id}/keys`).send({ scopes: ['rides:read'] });

      const tenants = await w.request.get('/_testbed/tenants');
      const keys = await w.request.get(`/_testbed/tenants/${a.body.id}/keys`);

      const listed = tenants.body.data as { id: string; createdAt: string }[];
      expect(listed.find((t) => t.id === a.body.id)).toEqual({
        id: a.body.id, name: `Lista ${seq}`, status: 'active', now: w.clock.now().toISOString(), createdAt: w.clock.now().toISOString(),
      });
      const times = listed.map((t) => t.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      // The newest first also among tenants made at one instant (the test clock is frozen).
      expect(listed[0].id).toBe(a.body.id);
      expect(extra.status).toBe(201);
      expect(keys.body.data.map((k: { id: string }) => k.id)).toEqual([extra.body.id, a.body.keys[0].id].sort().reverse());
      for (const k of keys.body.data) {
        expect(Object.keys(k).sort()).toEqual(['createdAt', 'environment', 'id', 'prefix', 'revokedAt', 'scopes']);
      }
    });
  });

  describe('revoking', () => {
    it('when a key is revoked, then it answers 401, the list shows when, and a second revoke is 409', async () => {
      const t = await createTenant({ name: 'Revocar' });
      const key = t.body.keys[0];

      const revoked = await w.request.post(`/_testbed/keys/${key.id}/revoke`);
      const again = await w.request.post(`/_testbed/keys/${key.id}/revoke`);
      const listed = await w.request.get(`/_testbed/tenants/${t.body.id}/keys`);

      expect(revoked.body).toEqual({ id: key.id, revokedAt: w.clock.now().toISOString() });
      expect((await w.request.get('/v1/me').set(bearer(key.key))).status).toBe(401);
      expect(again.status).toBe(409);
      expect(listed.body.data[0].revokedAt).toBe(revoked.body.revokedAt);
    });
  });

  describe('unknown ids', () => {
    it.each([
      ['POST', `/_testbed/tenants/${UNKNOWN}/approve`],
      ['DELETE', `/_testbed/tenants/${UNKNOWN}`],
      ['POST', `/_testbed/tenants/${UNKNOWN}/keys`],
      ['GET', `/_testbed/tenants/${UNKNOWN}/keys`],
      ['POST', `/_testbed/keys/${UNKNOWN}/revoke`],
      ['GET', '/_testbed/tenants/not-a-uuid/keys'],
      ['DELETE', '/_testbed/tenants/not-a-uuid'],
    ])('when %s %s names nothing, then 404 NOT_FOUND in the envelope', async (method, path) => {
      const res = await w.request[method.toLowerCase() as 'get'](path).send(method === 'GET' || method === 'DELETE' ? undefined : {});

      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('deleting a world', () => {
    async function populated(name: string, plate: string, vin: string, whatsapp: string) {
      const t = await createTenant({ name });
      const auth = bearer(t.body.keys[0].key);
      const vehicle = await w.request.post('/v1/vehicles').set(auth).send({ plate, brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin });
      await w.request.post(`/v1/vehicles/${vehicle.body.id}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);
      const driver = await w.request.post('/v1/drivers').set(auth).send({ name: 'Ana López', whatsapp, city: 'Puebla', vehicleId: vehicle.body.id });
      expect(driver.status).toBe(201);
      return { id: t.body.id as string, auth };
    }
    const rowsOf = (tenantId: string) =>
      TENANT_ROWS.reduce((n, { table, where }) => n + (w.deps.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get({ tenant: tenantId }) as number), 0);
    const platformRows = (fleetId: string) =>
      ['pa_vehicles', 'pa_drivers', 'pb_vehicles'].reduce(
        (n, table) => n + (w.net.simulators.db.prepare(`SELECT count(*) FROM ${table} WHERE fleet_id = ?`).pluck().get(fleetId) as number), 0);
    const platformBDrivers = () => w.net.simulators.db.prepare('SELECT count(*) FROM pb_drivers').pluck().get() as number;

    it('when a tenant is deleted, then its keys answer 401, its rows and platform records are gone, and another tenant is untouched', async () => {
      const gone = await populated('Se Va', 'DEL-001', 'KNADM4A37E6200001', '+525512340001');
      const stays = await populated('Se Queda', 'DEL-002', 'KNADM4A37E6200002', '+525512340002');
      const staysBefore = rowsOf(stays.id);
      const driversBefore = platformBDrivers();

      const res = await w.request.delete(`/_testbed/tenants/${gone.id}`);

      expect(res.body).toEqual({ id: gone.id, deleted: true });
      expect((await w.request.get('/v1/me').set(gone.auth)).status).toBe(401);
      expect(rowsOf(gone.id)).toBe(0);
      expect(platformRows(gone.id)).toBe(0);
      expect(platformBDrivers()).toBe(driversBefore - 1);
      expect(rowsOf(stays.id)).toBe(staysBefore);
      expect(platformRows(stays.id)).toBeGreaterThan(0);
      expect((await w.request.get('/v1/vehicles').set(stays.auth)).body.data).toHaveLength(1);
    });

    it('when the platforms fail while a tenant is deleted, then 503 and its world stays whole; deleted again once they are back, it goes', async () => {
      const t = await populated('Falla', 'DEL-003', 'KNADM4A37E6200004', '+525512340004');
      const before = rowsOf(t.id);
      w.net.platformDown('control');

      const res = await w.request.delete(`/_testbed/tenants/${t.id}`);
      w.net.server.resetHandlers();

      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'PLATFORM_UNAVAILABLE', message: 'Los simuladores de las plataformas no están disponibles; reintenta más tarde.' });
      expect(rowsOf(t.id)).toBe(before);
      expect(platformRows(t.id)).toBeGreaterThan(0);
      expect((await w.request.get('/v1/me').set(t.auth)).status).toBe(200);
      await w.request.delete(`/_testbed/tenants/${t.id}`).expect(200);
      expect(rowsOf(t.id)).toBe(0);
      expect(platformRows(t.id)).toBe(0);
    });

    it('when a tenant is deleted, then its plate, VIN and whatsapp can be used again, also on platform_b', async () => {
      const gone = await populated('Libera', 'FRE-001', 'KNADM4A37E6200003', '+525512340003');
      await w.request.delete(`/_testbed/tenants/${gone.id}`).expect(200);

      const again = await populated('Reusa', 'FRE-001', 'KNADM4A37E6200003', '+525512340003');

      expect(rowsOf(again.id)).toBeGreaterThan(0);
    });
  });
});
