import { describe, expect, it } from 'vitest';
import { createBulkDrop } from '../../server/tenants/purge.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { useWorld } from '../support/world.ts';

/** A world's deletion holds that world alone, and drops its bulk rows a slice at a time (server/tenants/deletion.ts). */
describe('deleting one world while the others go on', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);
  const FIXTURE = { vehicles: 2, drivers: 2, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 4 };
  const bulkOf = (tenantId: string) => w.deps.db.prepare(`SELECT
      (SELECT count(*) FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)),
      (SELECT count(*) FROM daily_earnings WHERE tenant_id = ?)`).raw().get(tenantId, tenantId) as [number, number];

  it('when a world\'s rides and daily rows outnumber a slice, then they go a slice at a time with the event loop turning between, and no other world\'s go', async () => {
    const gone = await fixtureWorld(FIXTURE);
    const stays = await fixtureWorld(FIXTURE);
    const [rides, daily] = bulkOf(gone.tenant.id);
    const staysBefore = bulkOf(stays.tenant.id);
    expect(rides).toBeGreaterThan(30);
    expect(daily).toBeGreaterThan(10);
    // What another request would see at each turn of the event loop while the rows go.
    const seen = new Set<string>();
    let watching = true;
    const watch = () => {
      seen.add(bulkOf(gone.tenant.id).join(' '));
      if (watching) setImmediate(watch);
    };
    watch();

    await createBulkDrop(w.deps.db, 5)(gone.tenant.id);
    watching = false;

    expect(bulkOf(gone.tenant.id)).toEqual([0, 0]);
    expect(bulkOf(stays.tenant.id)).toEqual(staysBefore);
    expect(seen.size).toBeGreaterThan(Math.floor(rides / 5) + Math.floor(daily / 5) - 2);
  });

  it('when a world\'s deletion waits on the platforms, then another world\'s requests are answered meanwhile, and its own answer 401 once it is gone', async () => {
    const gone = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const other = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const held = w.net.holdNextAnswer('control');

    const deleting = w.request.delete(`/_testbed/tenants/${gone.tenant.id}`).then((res) => res);
    await held.reached;
    const otherRead = await w.request.get(`/v1/vehicles/${other.ids.vehicleIds[0]}`).set(other.auth);
    const ownRead = w.request.get('/v1/me').set(gone.auth).then((res) => res);
    held.release();

    expect(otherRead.status).toBe(200);
    expect((await deleting).body).toEqual({ id: gone.tenant.id, deleted: true });
    expect((await ownRead).status).toBe(401);
    expect(bulkOf(gone.tenant.id)).toEqual([0, 0]);
  });
});
