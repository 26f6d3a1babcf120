import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';

/** A world's restore that also clears what no world snapshot holds: its fault rules, and its journal. */
describe('POST /_testbed/tenants/{id}/snapshots/{name}/restore with clearFaults and clearRequests', () => {
  const w = useWorld();
  async function world() {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Mundo' }).expect(201);
    return { id: res.body.id as string, auth: { Authorization: `Bearer ${res.body.keys[0].key}` } };
  }
  const base = (id: string) => `/_testbed/tenants/${id}/snapshots`;
  const rules = async (id: string) => (await w.request.get(`/_testbed/tenants/${id}/faults`).expect(200)).body.data.length as number;
  const journal = async (id: string) => (await w.request.get(`/_testbed/tenants/${id}/requests`).expect(200)).body.data.length as number;
  /** A world saved as `inicio`, then given a fault rule and two requests in its journal. */
  async function used() {
    const a = await world();
    await w.request.post(base(a.id)).send({ name: 'inicio' }).expect(201);
    await w.request.post(`/_testbed/tenants/${a.id}/faults`).send({ effect: 'internal', operation: 'getVehicle', times: 5 }).expect(201);
    await w.request.get('/v1/me').set(a.auth).expect(200);
    await w.request.get('/v1/vehicles').set(a.auth).expect(200);
    return a;
  }

  it('when both are asked, then the rules go before the restore, the journal after it, and the answer says how many', async () => {
    const a = await used();

    const res = await w.request.post(`${base(a.id)}/inicio/restore`).send({ clearFaults: true, clearRequests: true });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'inicio', cleared: { faults: 1, requests: 2 } });
    expect([await rules(a.id), await journal(a.id)]).toEqual([0, 0]);
  });

  it('when neither is asked (no body, or both false), then the rules and the journal stay, and the answer has no cleared', async () => {
    const a = await used();

    const bare = await w.request.post(`${base(a.id)}/inicio/restore`);
    const both = await w.request.post(`${base(a.id)}/inicio/restore`).send({ clearFaults: false, clearRequests: false });

    expect([bare.status, both.status]).toEqual([200, 200]);
    expect(bare.body.cleared).toBeUndefined();
    expect(both.body.cleared).toBeUndefined();
    expect([await rules(a.id), await journal(a.id)]).toEqual([1, 2]);
  });

  it('when the snapshot does not exist, then 404 and nothing is cleared', async () => {
    const a = await used();

    const res = await w.request.post(`${base(a.id)}/otra/restore`).send({ clearFaults: true, clearRequests: true });

    expect(res.status).toBe(404);
    expect([await rules(a.id), await journal(a.id)]).toEqual([1, 2]);
  });

  it('when the restore is refused (409: another world holds a plate now), then nothing is cleared', async () => {
    const a = await world();
    const b = await world();
    await w.request.post(base(a.id)).send({ name: 'vacio' }).expect(201);
    const plate = (await w.request.post(`/_testbed/tenants/${a.id}/unique/plate`).expect(200)).body.value;
    const car = { plate, brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara' };
    await w.request.post('/v1/vehicles').set(a.auth).send(car).expect(201);
    await w.request.post(base(a.id)).send({ name: 'con-placa' }).expect(201);
    await w.request.post(`${base(a.id)}/vacio/restore`).expect(200);
    await w.request.post('/v1/vehicles').set(b.auth).send(car).expect(201);
    await w.request.post(`/_testbed/tenants/${a.id}/faults`).send({ effect: 'internal', operation: 'getVehicle' }).expect(201);
    const journalBefore = await journal(a.id);

    const res = await w.request.post(`${base(a.id)}/con-placa/restore`).send({ clearFaults: true, clearRequests: true });

    expect(res.status).toBe(409);
    expect(await rules(a.id)).toBe(1);
    expect(await journal(a.id)).toBe(journalBefore);
  });

  it('when the snapshot is deleted by a call queued before the restore, then the restore is 404 and nothing is cleared', async () => {
    const a = await used();
    // Both wait behind a restore under way; the deletion goes first.
    const first = w.request.post(`${base(a.id)}/inicio/restore`).then((r) => r);
    const deleting = w.request.delete(`${base(a.id)}/inicio`).then((r) => r);
    const restoring = w.request.post(`${base(a.id)}/inicio/restore`).send({ clearFaults: true, clearRequests: true }).then((r) => r);

    const [one, deleted, res] = await Promise.all([first, deleting, restoring]);

    expect([one.status, deleted.status, res.status]).toEqual([200, 200, 404]);
    expect([await rules(a.id), await journal(a.id)]).toEqual([1, 2]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])('when an empty body comes as %s (curl -d \'\'), then it is a restore with nothing cleared, as before the body was read', async (type) => {
    const a = await used();

    const res = await w.request.post(`${base(a.id)}/inicio/restore`).set('Content-Type', type).send('');

    expect(res.status).toBe(200);
    expect([await rules(a.id), await journal(a.id)]).toEqual([1, 2]);
  });

  it.each([
    [{ clearFault: true }, 'campo desconocido: clearFault (se admiten clearFaults, clearRequests; ¿quisiste decir clearFaults?)'],
    [{ clearFaults: 'yes' }, 'clearFaults debe ser true o false'],
  ])('when the body is %j, then 400 names the field and nothing is restored or cleared', async (body, message) => {
    const a = await used();

    const res = await w.request.post(`${base(a.id)}/inicio/restore`).send(body);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.message).toContain(message);
    expect([await rules(a.id), await journal(a.id)]).toEqual([1, 2]);
  });
});
