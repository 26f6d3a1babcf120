import { describe, expect, it } from 'vitest';
import { ridesFixtures } from '../support/rides-fixtures.ts';
import { useWorld } from '../support/world.ts';

/** What serve's log says when a world's rides cannot be read: once, with the world, in its Spanish words. */
describe('a failed read of rides in the log', () => {
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const logger = { info() {}, warn: (msg: string, fields?: Record<string, unknown>) => void warnings.push({ msg, fields }), error() {} };
  const w = useWorld({ logger });
  const r = ridesFixtures(w);

  it('when a world\'s platform_b refuses the read of its rides, then the log says so once, naming the world', async () => {
    const fleet = await r.pbFleet(1);
    await w.request.post('/_testbed/sync').expect(200);
    await w.request.post(`/_testbed/tenants/${fleet.tenantId}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    warnings.length = 0;

    const advanced = await w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: fleet.tenantId }).expect(200);

    const rides = advanced.body.notSynced.filter((n: { task: string }) => n.task === 'rides');
    expect(rides).toHaveLength(1);
    const logged = warnings.filter((line) => JSON.stringify(line).includes(fleet.tenantId) && /rides/.test(JSON.stringify(line)));
    expect(logged).toEqual([{ msg: 'sync task failed', fields: { task: 'rides', tenant: fleet.tenantId, error: rides[0].message } }]);
  });
});
