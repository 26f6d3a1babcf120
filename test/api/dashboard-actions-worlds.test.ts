import { describe, expect, it } from 'vitest';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';
import { DAY } from '../support/fleet-fixtures.ts';

describe('dashboard actions: the control API operations behind forms', () => {
  const { w, f, act } = useDashboardWorld();

  describe('worlds', () => {
    it('when a world is created from the form, then it exists, the answer shows its working key once, and the lists are told to reload', async () => {
      const res = await act('post', '/worlds', { name: 'Flota <Nueva>', status: 'active' });

      expect(res.status).toBe(200);
      expect(res.headers['hx-trigger']).toBe('mundo-cambiado');
      expect(res.text).toContain('Mundo «Flota &lt;Nueva&gt;» creado (active).');
      const key = /data-copy="(fk_test_[^"]+)"/.exec(res.text)![1];
      const me = await w.request.get('/v1/me').set('Authorization', `Bearer ${key}`).expect(200);
      expect(me.body).toMatchObject({ tenantName: 'Flota <Nueva>' });
      expect(w.tenants.store.getTenant(me.body.tenantId)!.status).toBe('active');
    });

    it.each([
      [{}, 'name es obligatorio'],
      [{ name: '   ' }, 'name es obligatorio'],
      [{ name: 'X', status: 'archived' }, 'status debe ser active o pending'],
      [{ name: 'x'.repeat(201) }, 'name admite hasta 200 caracteres'],
    ])('when the form is %j, then 400 VALIDATION with the control API message and no world', async (form, message) => {
      const before = w.tenants.store.listTenants().length;

      expectAlert(await act('post', '/worlds', form), 400, 'VALIDATION', message);
      expect(w.tenants.store.listTenants()).toHaveLength(before);
    });

    it('when a pending world is approved, then it is active', async () => {
      const pending = w.tenants.createTenant('Pendiente', 'pending');

      const res = await act('post', `/worlds/${pending.id}/approve`);

      expect(res.status).toBe(200);
      expect(w.tenants.store.getTenant(pending.id)!.status).toBe('active');
    });

    it('when a world is deleted, then its data and its keys are gone', async () => {
      const { tenant, auth } = w.newTenant('Para borrar');
      await f.vehicle(auth);

      const res = await act('delete', `/worlds/${tenant.id}`);

      expect(res.status).toBe(200);
      expect(res.text).toContain('Mundo «Para borrar» borrado');
      expect(w.tenants.store.getTenant(tenant.id)).toBeUndefined();
      await w.request.get('/v1/vehicles').set(auth).expect(401);
    });

    it.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-uuid'])('when the world %s does not exist, then 404 NOT_FOUND', async (id) => {
      expectAlert(await act('delete', `/worlds/${id}`), 404, 'NOT_FOUND', 'El tenant no existe.');
    });

    it('when reset or a snapshot is asked of a testbed without a data dir, then 409 CONFLICT with the control API message', async () => {
      const message = 'no tiene directorio de datos';

      expectAlert(await act('post', '/reset'), 409, 'CONFLICT', message);
      expectAlert(await act('post', '/snapshots', { name: 'antes' }), 409, 'CONFLICT', message);
    });

    it('when a snapshot name breaks the pattern, then 400 VALIDATION naming the rule', async () => {
      expectAlert(await act('post', '/snapshots', { name: 'Con Espacios' }), 400, 'VALIDATION', 'Nombre de instantánea no válido');
    });
  });

  describe('clock', () => {
    it('when a world is advanced 1d from the form, then that world alone moves a day', async () => {
      const a = w.newTenant('Reloj A').tenant;
      const b = w.newTenant('Reloj B').tenant;
      const nowOf = (id: string) => w.deps.clocks.forTenant(id).nowMs();
      const [beforeA, beforeB] = [nowOf(a.id), nowOf(b.id)];

      const res = await act('post', `/worlds/${a.id}/clock/advance`, { duration: '1d' });

      expect(res.status).toBe(200);
      expect(res.text).toContain(`ahora ${new Date(beforeA + DAY).toISOString()}`);
      expect(nowOf(a.id)).toBe(beforeA + DAY);
      expect(nowOf(b.id)).toBe(beforeB);
    });

    it.each([
      [{ duration: '3x' }, 'Duración no válida: 3x'],
      [{}, 'duration debe ser texto'],
    ])('when the duration is %j, then 400 VALIDATION and the clock stays', async (form, message) => {
      const { tenant } = w.newTenant();
      const before = w.deps.clocks.forTenant(tenant.id).nowMs();

      expectAlert(await act('post', `/worlds/${tenant.id}/clock/advance`, form), 400, 'VALIDATION', message);
      expect(w.deps.clocks.forTenant(tenant.id).nowMs()).toBe(before);
    });
  });
});
