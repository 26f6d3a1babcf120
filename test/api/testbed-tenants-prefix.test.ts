import { describe, expect, it } from 'vitest';
import { TENANT_ROWS } from '../../server/tenants/purge.ts';
import { useWorld } from '../support/world.ts';

/** `DELETE /_testbed/tenants?name=PREFIX`: a suite's worlds deleted at once (issue 35 item 4). */
describe('/_testbed tenants deleted by name prefix', () => {
  const w = useWorld();
  let seq = 0;

  async function world(name: string) {
    const created = (await w.request.post('/_testbed/tenants').send({ name }).expect(201)).body;
    const auth = { Authorization: `Bearer ${created.keys[0].key}` };
    const vin = `KNADM4A37E62${String(++seq).padStart(5, '0')}`;
    const vehicle = await w.request.post('/v1/vehicles').set(auth).send({ plate: `PRE-${String(seq).padStart(3, '0')}`, brand: 'Kia', model: 'Rio', year: 2024, colorId: 1, vin });
    await w.request.post(`/v1/vehicles/${vehicle.body.id}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);
    return { id: created.id as string, auth };
  }
  const rowsOf = (tenantId: string) =>
    TENANT_ROWS.reduce((n, { table, where }) => n + (w.deps.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get({ tenant: tenantId }) as number), 0);
  const platformRows = (fleetId: string) => w.net.simulators.db.prepare('SELECT count(*) FROM pb_vehicles WHERE fleet_id = ?').pluck().get(fleetId) as number;
  const names = async () => ((await w.request.get('/_testbed/tenants')).body.data as { name: string }[]).map((t) => t.name).sort();

  it('when worlds named with a prefix are deleted, then exactly those go, here and on the platforms, and the answer names them', async () => {
    const first = await world('suite-a caso 1');
    const second = await world('suite-a caso 2');
    const other = await world('suite-b caso 1');
    const lookalike = await world('Suite-a mayúscula');
    const inside = await world('otra suite-a');

    const res = await w.request.delete('/_testbed/tenants').query({ name: 'suite-a' });

    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    expect([...res.body.ids].sort()).toEqual([first.id, second.id].sort());
    expect([rowsOf(first.id), rowsOf(second.id), platformRows(first.id), platformRows(second.id)]).toEqual([0, 0, 0, 0]);
    expect((await w.request.get('/v1/me').set(first.auth)).status).toBe(401);
    expect(rowsOf(other.id)).toBeGreaterThan(0);
    expect(platformRows(other.id)).toBe(1);
    expect((await w.request.get('/v1/me').set(lookalike.auth)).status).toBe(200);
    expect((await w.request.get('/v1/me').set(inside.auth)).status).toBe(200);
  });

  it('when the prefix is a whole name, then that world alone goes; when it names none, then 200 with nothing deleted', async () => {
    const exact = await world('única');

    const one = await w.request.delete('/_testbed/tenants').query({ name: 'única' });
    const none = await w.request.delete('/_testbed/tenants').query({ name: 'nadie-se-llama-así' });

    expect(one.body).toEqual({ deleted: 1, ids: [exact.id] });
    expect(none.body).toEqual({ deleted: 0, ids: [] });
  });

  it.each([
    ['no name', '', 'name es obligatorio'],
    ['an empty name', '?name=', 'name no puede estar vacío'],
    ['name twice', '?name=a&name=b', 'name debe darse una sola vez'],
    ['a name of 201 characters', `?name=${'a'.repeat(201)}`, 'name admite hasta 200 caracteres'],
    ['a name of 201 emoji', `?name=${encodeURIComponent('🚕'.repeat(201))}`, 'name admite hasta 200 caracteres'],
  ])('when the call has %s, then 400 VALIDATION in Spanish and no world is deleted', async (_label, query, message) => {
    await world('sigue-aquí');
    const before = await names();

    const res = await w.request.delete(`/_testbed/tenants${query}`);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', details: [{ field: 'name', message: expect.stringContaining(message) }] });
    expect(res.body.error.message).toContain(message);
    expect(await names()).toEqual(before);
  });

  it('when the prefix is 200 characters, then it is accepted (the longest a name can be)', async () => {
    const long = await world('x'.repeat(200));

    const res = await w.request.delete('/_testbed/tenants').query({ name: 'x'.repeat(200) });

    expect(res.body).toEqual({ deleted: 1, ids: [long.id] });
  });
});
