import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';

/**
 * A query parameter given twice arrives as a list. `?tenant=ID&tenant=ID` named no tenant: a 404
 * for a world that exists; the journal's filters answered zod's generic "se esperaba texto".
 */
describe('control queries with a parameter given twice, or empty', () => {
  const w = useWorld();

  it.each(['/_testbed/clock', '/_testbed/coverage', '/_testbed/platforms/platform_a'])(
    'when %s is asked with tenant twice, then 400 VALIDATION saying it goes once; once, the world answers', async (path) => {
      const { tenant } = w.newTenant();

      const twice = await w.request.get(`${path}?tenant=${tenant.id}&tenant=${tenant.id}`);
      const once = await w.request.get(`${path}?tenant=${tenant.id}`);

      expect(twice.status).toBe(400);
      const message = 'tenant debe darse una sola vez: el id de un mundo, o nada para todo el servicio';
      expect(twice.body.error).toMatchObject({ code: 'VALIDATION', message, details: [{ field: 'tenant', message }] });
      expect(twice.body.error.message).toContain('tenant debe darse una sola vez');
      expect(once.status).toBe(200);
    });

  it.each(['/_testbed/clock', '/_testbed/coverage', '/_testbed/platforms/platform_a'])(
    'when %s is asked with tenant empty, then 400 VALIDATION saying it is empty, not a world that does not exist', async (path) => {
      const res = await w.request.get(`${path}?tenant=`);

      expect(res.status).toBe(400);
      const empty = 'tenant está vacío: da el id de un mundo, u omite tenant para todo el servicio';
      expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: empty, details: [{ field: 'tenant', message: empty }] });
    });

  it('when the sync is asked with tenant empty, then 400 and no world is read', async () => {
    const res = await w.request.post('/_testbed/sync?tenant=');

    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'tenant', message: expect.stringContaining('tenant está vacío') }]);
  });

  it.each(['method', 'path', 'operation', 'status', 'startingAfter'])('when the journal is filtered with %s twice, then 400 naming it, in the API\'s words', async (field) => {
    const { tenant } = w.newTenant();

    const res = await w.request.get(`/_testbed/tenants/${tenant.id}/requests?${field}=a&${field}=b`);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.details).toEqual([{ field, message: `${field} debe darse una sola vez, como texto` }]);
  });
});
