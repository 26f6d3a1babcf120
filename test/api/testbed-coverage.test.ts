import { describe, expect, it } from 'vitest';
import { DECLARED } from '../../server/coverage/machines.ts';
import { TINY_PNG } from '../support/images.ts';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

type Answer = { covered: number; total: number; transitions: { machine: string; from: string | null; to: string; count: number }[] };

/** GET /_testbed/coverage: the transitions of spec §3 the API made, per tenant, as they happen. */
describe('transition coverage of the control surface', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  const coverage = async (tenant?: string): Promise<Answer> =>
    (await w.request.get(`/_testbed/coverage${tenant === undefined ? '' : `?tenant=${tenant}`}`).expect(200)).body;
  /** The transitions seen, as `machine from→to: count` (∅ for no state yet). */
  const seen = async (tenant?: string, machine?: string) =>
    Object.fromEntries(
      (await coverage(tenant)).transitions
        .filter((t) => t.count > 0 && (machine === undefined || t.machine === machine))
        .map((t) => [`${t.machine} ${t.from ?? '∅'}→${t.to}`, t.count]),
    );
  const uploadCard = (auth: Auth, vehicleId: string) =>
    w.request.post(`/v1/vehicles/${vehicleId}/documents`).set(auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201);
  const refreshVehicle = (auth: Auth, vehicleId: string) => w.request.post(`/v1/vehicles/${vehicleId}/registrations/platform_a/refresh`).set(auth).expect(200);

  it('when a vehicle is registered on platform_b in one tenant, then only that tenant counts it, and the whole service does too', async () => {
    const mine = w.newTenant();
    const other = w.newTenant();
    const before = await seen();
    await f.registerOnB(mine.auth, await f.vehicle(mine.auth));

    expect(await seen(mine.tenant.id)).toEqual({ 'registration.platform_b none→registered': 1 });
    expect(await seen(other.tenant.id)).toEqual({});
    expect((await seen())['registration.platform_b none→registered']).toBe((before['registration.platform_b none→registered'] ?? 0) + 1);
  });

  it('when nothing happened in a tenant, then every declared transition is listed with count 0', async () => {
    const { tenant } = w.newTenant();

    const answer = await coverage(tenant.id);

    expect(answer).toEqual({ covered: 0, total: DECLARED.length, transitions: DECLARED.map((t) => ({ ...t, count: 0 })) });
  });

  it('when a platform_a review is decided, then it counts only once the API has seen it, with the card review and the vehicle status', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await uploadCard(auth, vehicleId);
    await w.net.control.reviewVehicle(vehicleId, { verdict: 'approved' });
    const beforeRefresh = await seen(tenant.id);

    await refreshVehicle(auth, vehicleId);

    expect(beforeRefresh).toEqual({
      'registration.platform_a none→pending': 1, 'document.review ∅→pending': 1, 'vehicle.status activo→pending_platform_a': 1,
    });
    expect(await seen(tenant.id)).toEqual({
      'registration.platform_a none→pending': 1, 'registration.platform_a pending→approved': 1,
      'document.review ∅→pending': 1, 'document.review pending→approved': 1,
      'vehicle.status activo→pending_platform_a': 1, 'vehicle.status pending_platform_a→activo': 1,
    });
  });

  it('when a vehicle status is patched, then the change counts and the same status again does not', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);

    await w.request.patch(`/v1/vehicles/${vehicleId}`).set(auth).send({ status: 'mantenimiento' }).expect(200);
    await w.request.patch(`/v1/vehicles/${vehicleId}`).set(auth).send({ status: 'mantenimiento' }).expect(200);

    expect(await seen(tenant.id)).toEqual({ 'vehicle.status activo→mantenimiento': 1 });
  });

  it('when a driver is invited, accepts and is cancelled, then each invitation transition counts when the API stores it', async () => {
    const { auth, tenant } = w.newTenant();
    const driverId = await f.driver(auth);
    await f.invite(auth, driverId).expect(201);
    await w.net.control.acceptInvitation(driverId);
    const beforeSync = await seen(tenant.id);

    await w.services.sync.runDue();
    await w.request.delete(`/v1/drivers/${driverId}/invitations/platform_a`).set(auth).expect(200);

    expect(beforeSync).toEqual({ 'invitation.platform_a none→invited': 1 });
    expect(await seen(tenant.id)).toEqual({
      'invitation.platform_a none→invited': 1, 'invitation.platform_a invited→bound': 1, 'invitation.platform_a bound→none': 1,
    });
  });

  it('when an assignment on platform_b is made and ended, then it counts (new)→active→ended and its binding pending→synced', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    const driverId = await f.driver(auth);
    await f.registerOnB(auth, vehicleId);
    const created = await f.assign(auth, vehicleId, driverId).expect(201);

    await w.request.delete(`/v1/assignments/${created.body.id}`).set(auth).expect(200);

    expect(await seen(tenant.id)).toEqual({
      'registration.platform_b none→registered': 1,
      'assignment ∅→active': 1, 'assignment active→ended': 1, 'assignment.platformSync pending→synced': 1,
    });
  });

  it('when a batch job runs to the end, then it counts pending→running and running→completed once each', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleIds = [await f.vehicle(auth), await f.vehicle(auth)];
    await w.request.post('/v1/vehicles/registrations/batch').set(auth).send({ platform: 'platform_b', vehicleIds }).expect(202);

    await w.services.jobs.runUntilIdle();

    expect(await seen(tenant.id)).toEqual({
      'job pending→running': 1, 'job running→completed': 1, 'registration.platform_b none→registered': 2,
    });
  });

  describe('platformSync, which follows the vehicle, the driver and the bindings', () => {
    /** A vehicle approved on platform_a and a driver active there, assigned to each other. */
    async function assignedOnA(platePrefix = 'IB') {
      const { auth, tenant } = w.newTenant();
      const vehicleId = await f.vehicle(auth, platePrefix);
      const driverId = await f.driver(auth);
      await f.approveOnA(auth, vehicleId);
      await f.activeDriver(auth, driverId);
      await f.assign(auth, vehicleId, driverId).expect(201);
      return { auth, tenantId: tenant.id, vehicleId, driverId };
    }

    /** The card sent again, approved by platform_a, seen by a refresh: a whole second review. */
    async function reviewedAgain(auth: Auth, vehicleId: string) {
      await uploadCard(auth, vehicleId);
      await w.net.control.reviewVehicle(vehicleId, { verdict: 'approved' });
      await refreshVehicle(auth, vehicleId);
    }

    it('when a bound vehicle sends its card again and is approved again, then synced → awaiting → synced', async () => {
      const { auth, tenantId, vehicleId } = await assignedOnA();

      await reviewedAgain(auth, vehicleId);

      expect(await seen(tenantId, 'assignment.platformSync')).toEqual({
        'assignment.platformSync pending→synced': 1, 'assignment.platformSync synced→awaiting': 1, 'assignment.platformSync awaiting→synced': 1,
      });
    });

    it('when a vehicle synced on platform_a is registered on platform_b, then synced → pending, and synced again once bound there', async () => {
      const { auth, tenantId, vehicleId } = await assignedOnA();

      await f.registerOnB(auth, vehicleId);
      const beforeSync = await seen(tenantId, 'assignment.platformSync');
      await w.services.sync.runDue();

      expect(beforeSync).toEqual({ 'assignment.platformSync pending→synced': 1, 'assignment.platformSync synced→pending': 1 });
      expect(await seen(tenantId, 'assignment.platformSync')).toEqual({
        'assignment.platformSync pending→synced': 2, 'assignment.platformSync synced→pending': 1,
      });
    });

    it("when the driver's invitation is cancelled, then synced → awaiting", async () => {
      const { auth, tenantId, driverId } = await assignedOnA();

      await w.request.delete(`/v1/drivers/${driverId}/invitations/platform_a`).set(auth).expect(200);

      expect(await seen(tenantId, 'assignment.platformSync')).toEqual({
        'assignment.platformSync pending→synced': 1, 'assignment.platformSync synced→awaiting': 1,
      });
    });

    it('when the platform refuses the binding (plate FB…), then pending → failed; a new review makes it awaiting, then failed again', async () => {
      const { auth, tenantId, vehicleId } = await assignedOnA('FB');

      await reviewedAgain(auth, vehicleId);

      expect(await seen(tenantId, 'assignment.platformSync')).toEqual({
        'assignment.platformSync pending→failed': 1, 'assignment.platformSync failed→awaiting': 1, 'assignment.platformSync awaiting→failed': 1,
      });
    });
  });

  it('when a tenant is deleted, then asking for it answers 404, and the testbed-wide coverage still counts what it did (a suite that deletes its worlds reads it at its end)', async () => {
    const { auth, tenant } = w.newTenant();
    await f.registerOnB(auth, await f.vehicle(auth));
    await f.registerOnB(auth, await f.vehicle(auth));
    const before = (await seen())['registration.platform_b none→registered'];

    await w.request.delete(`/_testbed/tenants/${tenant.id}`).expect(200);
    const other = w.newTenant();
    await f.registerOnB(other.auth, await f.vehicle(other.auth));

    expect(before).toBeGreaterThanOrEqual(2);
    expect((await seen())['registration.platform_b none→registered']).toBe(before + 1);
    expect((await w.request.get(`/_testbed/coverage?tenant=${tenant.id}`)).status).toBe(404);
    expect((await seen(other.tenant.id))['registration.platform_b none→registered']).toBe(1);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'no-es-un-id'])('when the tenant %j is unknown, then 404 NOT_FOUND in Spanish', async (tenant) => {
    const res = await w.request.get(`/_testbed/coverage?tenant=${tenant}`).expect(404);

    // A world id (one that may have been deleted) also says where a deleted world's counts are.
    const hint = tenant.length === 36 ? ' Lo que hizo un mundo borrado sigue contado en la cobertura de todo el testbed (GET /_testbed/coverage sin tenant, o fleet-sim coverage).' : '';
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `El tenant ${tenant} no existe en este testbed.${hint}` });
  });
});
