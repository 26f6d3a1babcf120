import { describe, expect, it } from 'vitest';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * A rewound world reads its rides again when its time moves again: the background ingestion's last
 * read of it goes back with it (ingestion/throttle.ts). Kept as it was, the same advance after a
 * restore looked like no move at all, and the day's rides never came (a test after another).
 */
describe('rides after a world is rewound and its time moves again', () => {
  const w = useWorldOnDataDir();
  const rides = (tenantId: string) =>
    w.deps.db.prepare('SELECT count(*) FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)').pluck().get(tenantId) as number;
  const advanceDay = (tenantId: string) => w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: tenantId }).expect(200);
  async function fixtureWorld(name: string, rideDays = 2) {
    const res = await w.request.post('/_testbed/tenants').send({ name, fixture: { vehicles: 3, registeredOn: ['platform_b'], rideDays } }).expect(201);
    return res.body.id as string;
  }

  it('when a world is restored from its own snapshot and advanced as before, then the same day\'s rides come again', async () => {
    const id = await fixtureWorld('Flota Otra Vez');
    await w.request.post(`/_testbed/tenants/${id}/snapshots`).send({ name: 'inicio' }).expect(201);
    const before = rides(id);
    await advanceDay(id);
    const afterFirst = rides(id);

    await w.request.post(`/_testbed/tenants/${id}/snapshots/inicio/restore`).expect(200);
    const restored = rides(id);
    await advanceDay(id);

    expect(afterFirst).toBeGreaterThan(before);
    expect(restored).toBe(before);
    expect(rides(id)).toBe(afterFirst);
  });

  it('when a world saved before any read of its rides is restored and advanced as before, then the same day\'s rides come again', async () => {
    const id = await fixtureWorld('Flota Sin Leer', 0);
    await w.request.post(`/_testbed/tenants/${id}/snapshots`).send({ name: 'sin-leer' }).expect(201);
    await advanceDay(id);
    const afterFirst = rides(id);

    await w.request.post(`/_testbed/tenants/${id}/snapshots/sin-leer/restore`).expect(200);
    await advanceDay(id);

    expect(afterFirst).toBeGreaterThan(0);
    expect(rides(id)).toBe(afterFirst);
  });
});
