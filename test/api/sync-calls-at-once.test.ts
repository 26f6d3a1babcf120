import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SYNC_CALLS_AT_ONCE } from '../../server/lib/each-limited.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
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
