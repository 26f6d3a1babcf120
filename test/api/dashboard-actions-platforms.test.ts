import { describe, expect, it, vi } from 'vitest';
import { expectAlert, useDashboardWorld } from '../support/dashboard-world.ts';

describe('dashboard actions: the control API operations behind forms', () => {
  const { w, f, act, cardSent } = useDashboardWorld();

  describe('platform_a as reviewer and as the driver app', () => {
    it('when a running review is approved from the page, then the API shows the vehicle approved without a refresh', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      const res = await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved', card: 'approved' });

      expect(res.status).toBe(200);
      expect(res.text).toContain('platform_a decidió la revisión de');
      expect(res.text).toContain('registro approved (aprobado), revisión de la tarjeta approved (aprobada).');
      expect(res.text).not.toContain('Se pidió');
      const reg = (await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body;
      expect(reg).toMatchObject({ status: 'approved', docReviewStatus: 'approved' });
    });

    it('when a review is decided from the page, then the API syncs that world alone (another world\'s slow platform does not hold the page)', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);
      const runs = vi.spyOn(w.services.sync, 'runDue');

      try {
        await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved', card: 'approved' }).expect(200);
        expect(runs.mock.calls).toEqual([[tenant.id]]);
      } finally {
        runs.mockRestore();
      }
    });

    it.each([
      ['a review is approved', 'vehicle'],
      ['an invitation is accepted', 'driver'],
    ])('when %s from the page while the world\'s platform_a fails, then the line says the platform decided but the API has not read it yet, the failure said once', async (_case, what) => {
      const { tenant, auth } = w.newTenant();
      const id = what === 'vehicle' ? await cardSent(auth) : await f.driver(auth);
      if (what === 'driver') await f.invite(auth, id).expect(201);
      await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);

      const res = await act('post', what === 'vehicle' ? `/worlds/${tenant.id}/vehicles/${id}/review` : `/worlds/${tenant.id}/drivers/${id}/accept`,
        what === 'vehicle' ? { verdict: 'approved', card: 'approved' } : {});

      expect(res.status).toBe(200);
      expect(res.text).toContain(what === 'vehicle' ? 'platform_a decidió la revisión de' : 'aceptó la invitación de platform_a');
      expect(res.text).toContain('La API aún no lo ha leído: la página muestra lo de antes hasta que lo lea. Sin leer de las plataformas (se reintenta): ');
      expect(res.text.split('falla de plataforma simulada en este mundo')).toHaveLength(2);
    });

    it('when a review is approved from the page while only platform_b fails for the world, then the line does not say the API missed the decision, only what it could not read', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);
      await w.request.post(`/v1/vehicles/${id}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);
      await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);

      const res = await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved', card: 'approved' });

      expect(res.status).toBe(200);
      expect(res.text).not.toContain('La API aún no lo ha leído');
      expect(res.text).toContain('registro approved (aprobado), revisión de la tarjeta approved (aprobada). Sin leer de las plataformas (se reintenta): La plataforma platform_b no está disponible');
      expect((await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body.status).toBe('approved');
    });

    it('when a review is rejected with the card rejected, then the API shows both rejected', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'rejected', card: 'rejected' }).expect(200);

      const reg = (await w.request.get(`/v1/vehicles/${id}/registrations/platform_a`).set(auth).expect(200)).body;
      expect(reg).toMatchObject({ status: 'rejected', docReviewStatus: 'rejected' });
    });

    it('when the vehicle is approved with the card rejected, then the page says what was stored (rejected) and why, as the API shows it', async () => {
      const { tenant, auth } = w.newTenant();
      const id = await cardSent(auth);

      const res = await act('post', `/worlds/${tenant.id}/vehicles/${id}/review`, { verdict: 'approved', card: 'rejected' }).expect(200);

      expect(res.text).toContain('registro rejected (rechazado), revisión de la tarjeta rejected (rechazada). Se pidió vehículo approved, pero la revisión de la tarjeta (rejected) decide el registro.');
      expect(res.text).not.toContain('vehículo approved, tarjeta');
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
      expect(res.text).toContain('aceptó la invitación de platform_a: bound (vinculado).');
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
      expect(res.text).toContain('Falla de platform_b en todo el testbed: slow (lenta, 250 ms).');
      expect((await w.net.control.getFaults()).platform_b).toEqual({ mode: 'slow', ms: 250 });
      // The form's ms field still holds 250 after the submit: setting none (the only way to clear it) must not be refused.
      await act('post', '/faults', { platform: 'platform_b', mode: 'none', ms: '250' }).expect(200);
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
