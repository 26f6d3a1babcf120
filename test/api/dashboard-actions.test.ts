import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../support/images.ts';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('dashboard actions: the control API operations behind forms', () => {
  // No test here is about platform timeouts: room for a busy machine's first calls.
  const w = useWorld({ clientTimeoutMs: 10_000 });
  const f = fleetFixtures(w);
  /** An action as the page sends it: a URL-encoded form from htmx. */
  const act = (method: 'post' | 'delete', path: string, form: Record<string, string> = {}) =>
    w.request[method](`/dashboard${path}`).set('HX-Request', 'true').type('form').send(form);

  /** The API's error in the page: its code and Spanish message, into the #avisos region. */
  function expectAlert(res: { status: number; text: string; headers: Record<string, string> }, status: number, code: string, message: string) {
    expect(res.status).toBe(status);
    expect(res.headers['hx-retarget']).toBe('#avisos');
    expect(res.text).toContain(code);
    expect(res.text).toContain(message);
    expect(res.text).not.toMatch(/at \S+ \(|node_modules|\.ts:\d+/); // no stack trace
  }

  async function cardSent(auth: Auth): Promise<string> {
    const id = await f.vehicle(auth);
    await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.request.post(`/v1/vehicles/${id}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'c.png').expect(201);
    return id;
  }

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

  describe('platform_a as reviewer and as the driver app', () => {
    it('when a running review is approved from the page, then the API shows the vehicle approved without a refresh', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      const res = await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved', card: 'approved' });

      expect(res.status).toBe(200);
      expect(res.text).toContain('vehículo approved, tarjeta approved');
      const reg = (await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body;
      expect(reg).toMatchObject({ status: 'approved', docReviewStatus: 'approved' });
    });

    it('when a review is rejected with the card rejected, then the API shows both rejected', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'rejected', card: 'rejected' }).expect(200);

      const reg = (await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body;
      expect(reg).toMatchObject({ status: 'rejected', docReviewStatus: 'rejected' });
    });

    it('when the verdict is not approved or rejected, then 400 VALIDATION and the review goes on', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      expectAlert(await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'maybe' }), 400, 'VALIDATION', 'verdict debe ser approved o rejected');
      expect((await w.request.get(`/v1/vehicles/${id}`).set(auth).expect(200)).body.status).toBe('pending_platform_a');
    });

    it('when the vehicle belongs to another world, then 404 and its review goes on', async () => {
      const owner = w.newTenant();
      const id = await cardSent(owner.auth);
      const other = w.newTenant().tenant;

      expectAlert(await act('post', `/worlds/${other.id}/vehicles/${id}/review`, { verdict: 'approved' }), 404, 'NOT_FOUND', 'El vehículo no existe.');
      expect((await w.request.get(`/v1/vehicles/${id}`).set(owner.auth).expect(200)).body.status).toBe('pending_platform_a');
    });

    it('when the vehicle has no running review (no card yet), then 409 CONFLICT from the platform', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await f.vehicle(auth);
      await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);

      expectAlert(await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved' }), 409, 'CONFLICT', 'no tiene una revisión pendiente');
    });

    it('when an invitation is accepted from the page, then the API shows the driver bound; a second answer is 409', async () => {
      const { tenant, auth } = w.newTenant();
      const driverId = await f.driver(auth);
      await f.invite(auth, driverId).expect(201);

      const res = await act('post', `/worlds/${tenant.id}/drivers/${driverId}/accept`);

      expect(res.status).toBe(200);
      expect(res.text).toContain('aceptó la invitación de platform_a: bound');
      expect((await f.invitation(auth, driverId)).status).toBe('bound');
      expectAlert(await act('post', `/worlds/${tenant.id}/drivers/${driverId}/decline`), 409, 'CONFLICT', 'ya no está pendiente');
    });

    it('when an invitation is declined from the page, then the API shows it rejected', async () => {
      const { tenant, auth } = w.newTenant();
      const driverId = await f.driver(auth);
      await f.invite(auth, driverId).expect(201);

      await act('post', `/worlds/${tenant.id}/drivers/${driverId}/decline`).expect(200);

      expect((await f.invitation(auth, driverId)).status).toBe('rejected');
    });

    it('when the driver belongs to another world, then 404 and the invitation stays open', async () => {
      const owner = w.newTenant();
      const driverId = await f.driver(owner.auth);
      await f.invite(owner.auth, driverId).expect(201);

      expectAlert(await act('post', `/worlds/${w.newTenant().tenant.id}/drivers/${driverId}/accept`), 404, 'NOT_FOUND', 'El conductor no existe.');
      expect((await f.invitation(owner.auth, driverId)).status).toBe('invited');
    });
  });

  describe('rides and faults', () => {
    it('when rides are generated for a window, then the platforms produce them and the API has ingested them', async () => {
      const { tenant, auth } = w.newTenant();
      const vehicleId = await f.vehicle(auth);
      await f.registerOnB(auth, vehicleId);

      const res = await act('post', `/worlds/${tenant.id}/rides/generate`, { from: '2026-02-23', to: '2026-03-01' });

      expect(res.status).toBe(200);
      expect(res.text).toContain('Viajes del 2026-02-23 al 2026-03-01 generados e ingeridos');
      const rides = await w.request.get('/v1/rides').query({ platform: 'platform_b', from: '2026-02-23', to: '2026-03-01', limit: 1 }).set(auth).expect(200);
      expect(rides.body.data).toHaveLength(1);
      expect(res.text).toMatch(/platform_b [1-9]\d* viajes/);
    });

    it.each([
      [{ from: '2026-03-01', to: '2026-02-28' }, 'from no puede ser posterior a to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from debe ser una fecha válida'],
      [{ from: '2026-03-05', to: '2026-03-06' }, 'aún no han ocurrido'],
      [{ to: '2026-03-01' }, 'from debe ser una fecha'],
    ])('when the window is %j, then 400 VALIDATION with the control API message', async (form, message) => {
      const { tenant } = w.newTenant();

      expectAlert(await act('post', `/worlds/${tenant.id}/rides/generate`, form), 400, 'VALIDATION', message);
    });

    it('when a slow fault is set from the form, then the platform is slow until set back to none', async () => {
      const res = await act('post', '/faults', { platform: 'platform_b', mode: 'slow', ms: '250' });

      expect(res.status).toBe(200);
      expect(res.text).toContain('Falla de platform_b: slow (250 ms).');
      expect((await w.net.control.getFaults()).platform_b).toEqual({ mode: 'slow', ms: 250 });
      await act('post', '/faults', { platform: 'platform_b', mode: 'none' }).expect(200);
      expect((await w.net.control.getFaults()).platform_b.mode).toBe('none');
    });

    it.each([
      [{ platform: 'platform_c', mode: 'error' }, 'platform debe ser platform_a o platform_b'],
      [{ platform: 'platform_a', mode: 'broken' }, 'mode debe ser none, error o slow'],
      [{ platform: 'platform_a', mode: 'slow', ms: 'mucho' }, 'ms debe ser un número'],
      [{ platform: 'platform_a', mode: 'slow', ms: '600001' }, 'ms admite hasta 600000'],
    ])('when the fault form is %j, then 400 VALIDATION and no fault is set', async (form, message) => {
      expectAlert(await act('post', '/faults', form), 400, 'VALIDATION', message);
      expect((await w.net.control.getFaults()).platform_a.mode).toBe('none');
    });
  });
});
