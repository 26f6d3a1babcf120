import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';

/** Settles when `check` holds, turning the event loop meanwhile (no real-time sleep). */
async function until(check: () => boolean): Promise<void> {
  for (let turns = 0; !check(); turns++) {
    if (turns > 10_000) throw new Error('never held');
    await new Promise((r) => setImmediate(r));
  }
}

/** What wins: the promise, or a real-time guard far longer than the restore (~20 ms) and far shorter than the delay asked. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

describe('a world restore beside its own request held by a delay fault', () => {
  // The delays are held here, released by the test: the request waits as long as the test says.
  const held: (() => void)[] = [];
  const w = useWorld({ realWait: () => new Promise<void>((resolve) => held.push(resolve)) });
  const f = fleetFixtures(w);
  const { fixtureWorld } = fixtureWorlds(w);
  const snapshots = () => w.services.worldSnapshots;

  it.each(['before', 'after'] as const)('when a %s-delay holds a list, then the restore goes at once, and the list answers once released', async (when) => {
    held.length = 0;
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'inicio');
    await f.vehicle(a.auth);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ effect: 'delay', operation: 'listVehicles', delayMs: 15_000, when }).expect(201);
    const listing = w.request.get('/v1/vehicles').set(a.auth).then((res) => res);
    await until(() => held.length === 1);

    const restored = await within(snapshots().restore(a.tenant.id, 'inicio'), 5_000);
    held[0]();
    const res = await listing;

    expect(restored).toMatchObject({ name: 'inicio' });
    expect(res.status).toBe(200);
    // Held before its handler, the list reads the restored world (1 vehicle); held after it, it had read the world as it was (2).
    expect(res.body.data).toHaveLength(when === 'before' ? 1 : 2);
  });
});
