import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SIM_URLS } from '../support/platform-network.ts';
import { useWorld } from '../support/world.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';

/** What wins: the promise, or a real-time guard far longer than a restore (~20 ms). */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

/**
 * A client that gives up (its own timeout) closes its request at once, while the handler may still
 * await a platform call and then write: a world restore must wait for that handler, or the world it
 * puts back is changed by a request of before it.
 */
describe('a world restore beside a request its client gave up while the platform answers', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);

  it('when the client gives up on a platform_b registration held at the platform, then the restore waits for it and puts the world back as saved', async () => {
    const a = await fixtureWorld({ vehicles: 1 });
    const [vehicleId] = a.ids.vehicleIds;
    await w.services.worldSnapshots.save(a.tenant.id, 'inicio');
    const saved = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth).expect(200)).body;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const reached = new Promise<void>((resolve) => (asked = resolve));
    w.net.server.use(http.post(`${SIM_URLS.platform_b}/api/v2/vehicles`, async () => void (asked(), await held), { once: true }));

    const registering = w.request.post(`/v1/vehicles/${vehicleId}/registrations`).set(a.auth).send({ platform: 'platform_b' });
    const gaveUp = registering.then(() => 'answered', (err: Error) => err.message);
    await reached;
    registering.abort();
    await gaveUp;
    const restoring = w.services.worldSnapshots.restore(a.tenant.id, 'inicio').then(() => 'restored');
    const beforeRelease = await within(restoring, 500);
    release();
    await restoring;

    expect(beforeRelease).toBe('still waiting');
    const vehicle = await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth).expect(200);
    expect(saved.platforms).not.toContain('platform_b');
    expect(vehicle.body).toEqual(saved);
    expect(w.net.simulators.db.prepare('SELECT count(*) FROM pb_vehicles WHERE external_id = ?').pluck().get(vehicleId)).toBe(0);
  });
});
