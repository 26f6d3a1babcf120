import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../server/clock/service.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { DAY, fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { TINY_PNG } from '../support/images.ts';
import { useWorld } from '../support/world.ts';

/**
 * The recommended pattern (docs/testing.md): a world saved once, restored before each test. What a
 * test makes after a restore must not depend on how many tests ran before it, nor on what other
 * worlds made meanwhile: each world draws its ids from its own stream, whose counter the snapshot
 * keeps, and the platforms key reviews and rides by those ids.
 */
describe('world snapshots: what a test makes after a restore is the same at every restore', () => {
  const w = useWorld();
  const f = fleetFixtures(w);
  const { fixtureWorld } = fixtureWorlds(w);

  /** One "test": a vehicle through platform_a's review and onto platform_b, a driver bound, two days driven. */
  async function aTest(auth: Auth, tenantId: string) {
    const body = { plate: 'RP-0001', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin: '1HGCM82633A009991' };
    const vehicleId: string = (await w.request.post('/v1/vehicles').set(auth).send(body).expect(201)).body.id;
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    const card = (await w.request.post(`/v1/vehicles/${vehicleId}/documents`).set(auth)
      .field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201)).body;
    await w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(auth).send({ platform: 'platform_b' }).expect(201);
    const driver = { name: 'Ana Ruiz', whatsapp: '3312347777', city: 'Guadalajara' };
    const driverId: string = (await w.request.post('/v1/drivers').set(auth).send(driver).expect(201)).body.id;
    await w.request.post(`/v1/drivers/${driverId}/invitations`).set(auth).send({ platform: 'platform_a' }).expect(201);
    await w.net.control.acceptInvitation(driverId);
    await w.request.post(`/v1/drivers/${driverId}/invitations/platform_a/refresh`).set(auth).expect(200);
    const assignment = (await w.request.post('/v1/assignments').set(auth).send({ vehicleId, driverId }).expect(201)).body;
    const from = w.deps.clocks.forTenant(tenantId).now().toISOString().slice(0, 10);
    await advanceClock(w.deps, w.services, 2 * DAY, tenantId);
    const registration = (await w.request.post(`/v1/vehicles/${vehicleId}/registrations/platform_a/refresh`).set(auth).expect(200)).body;
    const invitation = (await w.request.post(`/v1/drivers/${driverId}/invitations/platform_a/refresh`).set(auth).expect(200)).body;
    const rides = (await w.request.get('/v1/rides').set(auth).query({ platform: 'platform_b', from, limit: 100 }).expect(200)).body.data;
    return { vehicleId, card, driverId, assignment, registration, invitation, rides };
  }

  it('when a world is restored between two runs of the same calls, while another world makes things, then both runs get the same ids, review times and rides', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const b = w.newTenant();
    await w.services.worldSnapshots.save(a.tenant.id, 'inicio');

    const first = await aTest(a.auth, a.tenant.id);
    await w.services.worldSnapshots.restore(a.tenant.id, 'inicio');
    await f.registerOnB(b.auth, await f.vehicle(b.auth));
    await f.driver(b.auth);
    const second = await aTest(a.auth, a.tenant.id);

    expect(first.registration.status).toBe('approved');
    expect(first.rides.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });
});
