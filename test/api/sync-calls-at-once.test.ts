import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SYNC_CALLS_AT_ONCE } from '../../server/lib/each-limited.ts';
import { DAY, fleetFixtures } from '../support/fleet-fixtures.ts';
import { TINY_PNG } from '../support/images.ts';
import { SIM_URLS } from '../support/platform-network.ts';
import { useWorld } from '../support/world.ts';

/**
 * A world's sync run reads its records' platform state several calls at a time: one after another,
 * a world whose platform answers slowly (a `slow` platform fault) held its run a call's time per
 * record, and every other world's advance, restore or save queued behind it.
 */
describe('sync: a world\'s records read several at a time', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  it.each([
    ['registrations under review', 'vehicles'],
    ['invitations still moving', 'drivers'],
  ] as const)('when a world has 12 %s and platform_a answers slowly, then its run has up to SYNC_CALLS_AT_ONCE reads in flight, and reads each once', async (_case, kind) => {
    const world = w.newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      if (kind === 'vehicles') {
        const id = await f.vehicle(world.auth);
        await w.request.post(`/v1/vehicles/${id}/registrations`).set(world.auth).send({ platform: 'platform_a' }).expect(201);
        await w.request.post(`/v1/vehicles/${id}/documents`).set(world.auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201);
        ids.push(id);
      } else {
        const id = await f.driver(world.auth);
        await f.invite(world.auth, id).expect(201);
        ids.push(id);
      }
    }
    let inFlight = 0;
    let peak = 0;
    const read: string[] = [];
    // Counts each read, holds it a little (other reads may start meanwhile), then lets the simulators answer it.
    w.net.server.use(http.get(`${SIM_URLS.platform_a}/v1/${kind}/:id`, async ({ params }) => {
      read.push(String(params.id));
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
    }));

    await w.services.sync.runDue(world.tenant.id);

    expect(peak).toBe(SYNC_CALLS_AT_ONCE);
    expect(read.sort()).toEqual([...ids].sort());
  });
});

describe('sync: one world\'s platform fault ends its own reads, not the other worlds\'', () => {
  const w = useWorld();
  const f = fleetFixtures(w);

  /** A world with `count` vehicles under platform_a's review, and one driver invited there. */
  async function worldUnderReview(count: number) {
    const world = w.newTenant();
    const vehicles: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = await f.vehicle(world.auth);
      await w.request.post(`/v1/vehicles/${id}/registrations`).set(world.auth).send({ platform: 'platform_a' }).expect(201);
      await w.request.post(`/v1/vehicles/${id}/documents`).set(world.auth).field('type', 'circulation_card_front').attach('file', TINY_PNG, 'card.png').expect(201);
      vehicles.push(id);
    }
    const driver = await f.driver(world.auth);
    await f.invite(world.auth, driver).expect(201);
    await w.net.control.acceptInvitation(driver);
    return { ...world, vehicles, driver };
  }
  const statuses = (world: Awaited<ReturnType<typeof worldUnderReview>>) =>
    world.vehicles.map((id) => w.deps.db.prepare("SELECT status FROM vehicle_registrations WHERE vehicle_id = ? AND platform = 'platform_a'").pluck().get(id));

  it('when a service-wide advance syncs every world and one world\'s platform_a is faulted, then the other worlds\' registrations and invitations are read, the faulted one\'s left as they were', async () => {
    const faulted = await worldUnderReview(10);
    const others = [await worldUnderReview(3), await worldUnderReview(3)];
    await w.request.post(`/_testbed/tenants/${faulted.tenant.id}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);

    await f.advance(2 * DAY);

    expect(statuses(faulted)).toEqual(Array(10).fill('pending'));
    expect((await f.invitation(faulted.auth, faulted.driver)).status).toBe('invited');
    for (const other of others) {
      expect(statuses(other)).toEqual(Array(3).fill('approved'));
      expect((await f.invitation(other.auth, other.driver)).status).toBe('bound');
    }
  });
});
