import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../server/lib/mexico-city.ts';
import { ridesFixtures, type PbFleet } from '../support/rides-fixtures.ts';
import { SIM_URLS } from '../support/platform-network.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { useWorld } from '../support/world.ts';

/**
 * Issue 35: a service-wide advance reads every world's recent rides in batch calls (a hundred worlds
 * to a call), never one call per world, and stores what a one-world read would.
 */
describe('service-wide advance: every world read in batch calls', () => {
  const w = useWorld();
  const r = ridesFixtures(w);
  const advance = (body: Record<string, unknown>) => w.request.post('/_testbed/clock/advance').send(body).expect(200);

  /** The API's calls to the simulated platforms while `act` runs (not msw's forwards of them), as `METHOD path`. */
  const callsDuring = async (act: () => Promise<unknown>) =>
    (await requestsDuring(w.net.server, act))
      .map((call) => call.split(' '))
      .filter(([, url]) => url.startsWith(SIM_URLS.platform_a) || url.startsWith(SIM_URLS.platform_b))
      .map(([method, url]) => `${method} ${new URL(url).pathname}`);

  /** The world's rides of the window as the API lists them, and as platform_b reports them. */
  async function ridesBothSides(fleet: PbFleet, from: string, to: string) {
    const stored = await r.rides(fleet.auth, { from, to });
    const reported = await w.net.platformB.listRides({ fleetId: fleet.tenantId, from, to }, null, 25_000);
    const cents = (mxn: string | null) => (mxn === null ? null : Math.round(Number(mxn) * 100));
    return {
      days: new Set(stored.map((x) => x.serviceDate as string)),
      stored: stored.map((x) => [x.startedAt, x.status, cents(x.netMxn as string | null)]).sort(),
      reported: reported.rides.map((x) => [new Date(x.startedAtMs).toISOString(), x.status, x.netCents]).sort(),
    };
  }

  it('when the service time is advanced over three worlds with rides, then one batch call reads them all and each stores what its platform reports', async () => {
    const fleets = [await r.pbFleet(1), await r.pbFleet(2), await r.pbFleet(1)];
    await w.request.post('/_testbed/sync').expect(200);
    const today = r.today();

    const calls = await callsDuring(() => advance({ duration: '3d' }));

    const reads = calls.filter((c) => c.includes('/rides') || c.includes('/earnings/daily') || c.includes('/reports/batch'));
    expect(reads).toEqual(['POST /api/v2/reports/batch']);
    for (const fleet of fleets) {
      const { days, stored, reported } = await ridesBothSides(fleet, today, addDays(today, 3));
      expect([...days].some((day) => day > today)).toBe(true); // days the advance passed
      expect(stored).toEqual(reported);
    }
  });

  it('when one world has a platform_b fault of its own, then the others are read in the batch and it catches up once the fault is gone', async () => {
    const [faulted, healthy] = [await r.pbFleet(2), await r.pbFleet(2)];
    await w.request.post('/_testbed/sync').expect(200);
    await w.request.post(`/_testbed/tenants/${faulted.tenantId}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    const window = { from: r.today(), to: addDays(r.today(), 3) };

    const calls = await callsDuring(() => advance({ duration: '3d' }));
    const during = await ridesBothSides(faulted, window.from, window.to);
    await w.request.post(`/_testbed/tenants/${faulted.tenantId}/faults`).send({ platform: 'platform_b', mode: 'none' }).expect(200);
    await w.request.post('/_testbed/sync').expect(200);
    const after = await ridesBothSides(faulted, window.from, window.to);

    expect(calls.filter((c) => c.includes('/reports/batch'))).toEqual(['POST /api/v2/reports/batch']);
    const healthySides = await ridesBothSides(healthy, window.from, window.to);
    expect([...healthySides.days].some((day) => day > window.from)).toBe(true);
    expect(healthySides.stored).toEqual(healthySides.reported);
    expect(during.stored.length).toBeLessThan(during.reported.length);
    expect(after.stored).toEqual(after.reported);
  });

  it.each([
    ['no report', { reports: [] }],
    ['another fleet', { reports: [{ fleetId: 'otra', daily: { meta: { fields: [] }, data: [] }, rides: { meta: { fields: [], nextCursor: null }, data: [] } }] }],
    ['a body with no reports', { data: [] }],
  ])('when the batch answer holds %s, then the client calls it unusable (PLATFORM_UNAVAILABLE)', async (_case, body) => {
    w.net.server.use(http.post(`${SIM_URLS.platform_b}/api/v2/reports/batch`, () => HttpResponse.json(body)));
    const read = w.net.platformB.readBatch([{ fleetId: 'una', from: r.today(), to: r.today() }], 10);
    await expect(read).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', status: 503 });
  });
});
