import { describe, expect, it } from 'vitest';
import { createUnfinishedBuilds } from '../../server/fixtures/unfinished.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';

/** What a serve's next start makes of the worlds a stop left half built or half deleted (fixtures/unfinished.ts). */
describe('unfinished worlds at the next start, and the testbed-wide coverage', () => {
  const w = useWorld();
  const f = fleetFixtures(w);
  const registeredOnB = async () => (await w.request.get('/_testbed/coverage').expect(200)).body.transitions
    .find((t: { machine: string; to: string }) => t.machine === 'registration.platform_b' && t.to === 'registered').count as number;

  it('when a half-deleted world is dropped, then what it did stays counted; a half-built one\'s does not (it never was)', async () => {
    const [deleting, building] = [w.newTenant('Borrándose'), w.newTenant('Construyéndose')];
    for (const world of [deleting, building]) await f.registerOnB(world.auth, await f.vehicle(world.auth));
    const unfinished = createUnfinishedBuilds(w.deps.db);
    unfinished.started(deleting.tenant.id, 'deletion');
    unfinished.started(building.tenant.id);
    const before = await registeredOnB();

    const dropped = await w.services.fixtures.dropUnfinished();

    expect(dropped.sort()).toEqual([deleting.tenant.id, building.tenant.id].sort());
    expect(await registeredOnB()).toBe(before - 1);
    expect(unfinished.left()).toEqual([]);
  });
});
