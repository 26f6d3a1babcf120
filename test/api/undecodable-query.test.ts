import { describe, expect, it } from 'vitest';
import { expectEnvelope } from '../support/error-envelope.ts';
import { useWorld } from '../support/world.ts';

/**
 * A %-escape that does not decode to UTF-8 was kept as raw text by the query reader: a filter on it
 * answered an empty 200, as if nothing matched. Refused, as the same escape in a path is.
 */
describe('a query with a %-escape that does not decode', () => {
  const w = useWorld();

  it.each([
    ['a cut escape in a /v1 filter', '/v1/vehicles?plate=%E0%A4%A', 'plate', '%E0%A4%A'],
    ['a byte that is no UTF-8', '/v1/vehicles?plate=AB%FF12', 'plate', 'AB%FF12'],
    ['a lone surrogate\'s bytes', '/v1/drivers?whatsapp=%ED%A0%80', 'whatsapp', '%ED%A0%80'],
    ['a % with no hex digits after it', '/v1/vehicles?status=active%', 'status', 'active%'],
  ])('when a /v1 list has %s, then 400 VALIDATION names the parameter and the escape', async (_what, path, field, shown) => {
    const { auth } = w.newTenant();

    const res = await w.request.get(path).set(auth);

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.message).toBe(`La consulta contiene una secuencia de escape (%) no válida en «${shown}»: codifica cada nombre y valor en UTF-8 (encodeURIComponent).`);
    expect(res.body.error.details).toEqual([{ field, message: `${field} trae una secuencia de escape (%) no válida` }]);
  });

  it('when a /v1 parameter the operation does not read has one (name or value), then it is ignored as any unknown one: 200, named in X-Testbed-Unknown-Query', async () => {
    const { auth } = w.newTenant();

    const res = await w.request.get('/v1/vehicles?x%FF=1&y=%ZZ').set(auth);

    expect(res.status).toBe(200);
    expect(res.headers['x-testbed-unknown-query']).toBe('x%EF%BF%BD, y');
  });

  it('when a control call\'s query has one (a journal filter), then 400 VALIDATION too', async () => {
    const { tenant } = w.newTenant();

    const read = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?path=/v1/vehicles%E0%A4%A`);

    expectEnvelope(read, 400, 'VALIDATION');
    expect(read.body.error.details).toEqual([{ field: 'path', message: 'path trae una secuencia de escape (%) no válida' }]);
  });

  it('when worlds are deleted by a name prefix with a bare % (read as sent, it named "100%…"), then 400 VALIDATION and no world is deleted', async () => {
    const made = (await w.request.post('/_testbed/tenants').send({ name: '100% Flota' }).expect(201)).body;

    const res = await w.request.delete('/_testbed/tenants?name=100%');

    expectEnvelope(res, 400, 'VALIDATION');
    expect(res.body.error.details).toEqual([{ field: 'name', message: 'name trae una secuencia de escape (%) no válida' }]);
    expect((await w.request.get('/_testbed/tenants')).body.data.map((t: { id: string }) => t.id)).toContain(made.id);
  });

  it('when every escape decodes (an escaped letter, an escaped %, a + for a space, an accent), then the filter is read as ever (the boundary)', async () => {
    const { auth } = w.newTenant();
    const made = await w.request.post('/v1/vehicles').set(auth).send({ plate: 'ABC-100', brand: 'Kia', model: 'Rio', year: 2023, color: 'rojo' }).expect(201);

    const found = await w.request.get(`/v1/vehicles?plate=%41BC-100&${encodeURIComponent('ñ')}=${encodeURIComponent('é')}`).set(auth);
    const none = await w.request.get('/v1/vehicles?plate=AB%25+1').set(auth);

    expect(found.status).toBe(200);
    expect(found.body.data.map((v: { id: string }) => v.id)).toEqual([made.body.id]);
    expect([none.status, none.body.data]).toEqual([200, []]);
  });
});
