import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../server/lib/mexico-city.ts';
import { MAX_BATCH_FLEETS } from '../../../simulators/rides/batch.ts';
import { makeSimWorld } from '../../support/sim-rides.ts';

/** The testbed's batch report read (docs/rides.md): many fleets' per-fleet bodies in one call. */
describe('simulators: batch report read', () => {
  const sim = makeSimWorld();
  afterAll(sim.close);
  const [from, to] = ['2026-02-23', '2026-03-01'];
  const pbBatch = (body: object) => sim.request.post('/platform-b/api/v2/reports/batch').send(body);
  const windows = (n: number, window = { from, to }) => Array.from({ length: n }, (_, i) => ({ fleetId: `fleet-${i}`, ...window }));

  it('when two platform_b fleets are read in one batch, then each part is exactly that fleet\'s own daily and rides answers', async () => {
    for (const fleet of ['batch-1', 'batch-2']) {
      await sim.pbFleet(fleet, 2);
      await sim.generate(fleet, from, to);
    }

    const res = await pbBatch({ windows: [{ fleetId: 'batch-2', from, to }, { fleetId: 'batch-1', from, to }], limit: 50 });

    expect(res.status).toBe(200);
    expect(res.body.reports.map((r: { fleetId: string }) => r.fleetId)).toEqual(['batch-2', 'batch-1']);
    for (const part of res.body.reports) {
      const rides = await sim.request.get('/platform-b/api/v2/rides').query({ fleetId: part.fleetId, from, to, limit: 50 }).expect(200);
      const daily = await sim.request.get('/platform-b/api/v2/earnings/daily').query({ fleetId: part.fleetId, from, to }).expect(200);
      expect(part.rides.data.length).toBe(50); // a week of two vehicles is more: the cursor says so
      expect(part.rides.meta.nextCursor).not.toBeNull();
      expect([part.rides, part.daily]).toEqual([rides.body, daily.body]);
    }
  });

  it('when platform_a is read in a batch, then each part is in platform_a\'s own format, as its per-fleet answers', async () => {
    const res = await sim.request.post('/platform-a/v1/reports/batch').send({ windows: [{ fleetId: 'nobody', from, to }] }).expect(200);
    const rides = await sim.request.get('/platform-a/v1/rides').query({ fleet_id: 'nobody', from, to }).expect(200);
    const daily = await sim.request.get('/platform-a/v1/earnings/daily').query({ fleet_id: 'nobody', from, to }).expect(200);
    expect(res.body.reports).toEqual([{ fleetId: 'nobody', rides: rides.body, daily: daily.body }]);
  });

  it.each([
    [`${MAX_BATCH_FLEETS} fleets`, { windows: windows(MAX_BATCH_FLEETS) }, 200],
    [`${MAX_BATCH_FLEETS + 1} fleets`, { windows: windows(MAX_BATCH_FLEETS + 1) }, 400],
    ['no fleet', { windows: [] }, 400],
    ['a window of 31 days', { windows: windows(1, { from, to: addDays(from, 30) }) }, 200],
    ['a window of 32 days', { windows: windows(1, { from, to: addDays(from, 31) }) }, 400],
    ['a window that ends before it starts', { windows: windows(1, { from: to, to: from }) }, 400],
    ['a date that is not one', { windows: windows(1, { from: '2026-02-30', to }) }, 400],
    ['no body', undefined, 400],
  ])('when the batch holds %s, then it answers %s', async (_case, body, status) => {
    const res = await pbBatch(body ?? {});
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body).not.toHaveProperty('reports');
  });

  it('when platform_b is in an outage, then the batch read fails as its other reports do', async () => {
    await sim.request.post('/_control/faults').send({ platform: 'platform_b', mode: 'error' }).expect(200);
    const res = await pbBatch({ windows: windows(1) });
    const daily = await sim.request.get('/platform-b/api/v2/earnings/daily').query({ fleetId: 'fleet-0', from, to });
    await sim.request.post('/_control/faults').send({ platform: 'platform_b', mode: 'none' }).expect(200);
    expect([res.status, res.body]).toEqual([500, daily.body]);
    expect(daily.status).toBe(500);
  });
});
