import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLATFORMS, type Platform } from '../../server/common/schemas.ts';
import { FLAGS_AT, packRides, RECORD, STARTED_AT, STATUS_AT } from '../../server/ingestion/packed-rides.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { NEXT_CURSOR_HEADER, packWirePage, RIDE_ID_BYTES, RIDE_PAGE_TYPE } from '../../server/platforms/ride-page-wire.ts';
import type { FeedPage } from '../../server/platforms/ride-feed.ts';
import { createUuidBytesMemo, rideKey } from '../../server/rides/ride-key.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { SIM_URLS } from '../support/platform-network.ts';
import { useWorld } from '../support/world.ts';

/**
 * The ingestion reads rides as the testbed's binary page (server/platforms/ride-page-wire.ts): the
 * same rides, values and keys as the platforms' JSON pages, and an answer it cannot read is a platform
 * it cannot use, as an unreadable JSON page is.
 */
describe('rides: the testbed\'s binary page', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);
  const feedOf = (p: Platform) => (p === 'platform_a' ? w.deps.platformA : w.deps.platformB);
  const ridesPath: Record<Platform, string> = { platform_a: `${SIM_URLS.platform_a}/v1/rides`, platform_b: `${SIM_URLS.platform_b}/api/v2/rides` };
  const storedRides = (tenantId: string) =>
    w.deps.db.prepare('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id').all(tenantId);
  const keyOf = (p: Platform) => (id: string, startedAtMs: number) => rideKey(w.deps.seed, p, id, startedAtMs);
  const fixture = { vehicles: 2, drivers: 2, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 2 };

  it('when a world\'s rides are read on each platform both ways, then the binary pages pack to the same bytes as the JSON pages, cursor for cursor, rides under way included', async () => {
    const world = await fixtureWorld(fixture);
    // On, 20 minutes at a time, to an instant with a ride under way (its end and amounts still null).
    const underWay = async () => {
      const today = mexicoCityDate(w.deps.clocks.forTenant(world.tenant.id).nowMs());
      const page = await w.deps.platformB.listRides({ fleetId: world.tenant.id, from: today, to: today }, null, 1_000);
      return page.rides.some((r) => r.status === 'in_progress');
    };
    for (let step = 0; step < 36 && !(await underWay()); step++) {
      await w.request.post('/_testbed/clock/advance').send({ duration: '20m', tenant: world.tenant.id }).expect(200);
    }
    const today = mexicoCityDate(w.deps.clocks.forTenant(world.tenant.id).nowMs());
    const window = { fleetId: world.tenant.id, from: addDays(today, -2), to: today };

    for (const p of PLATFORMS) {
      const json: FeedPage[] = [];
      const packed: Buffer[] = [];
      for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
        const page = await feedOf(p).listPackedRides(window, cursor, 7);
        if (!('wire' in page)) throw new Error(`${p} answered JSON`);
        const asJson = await feedOf(p).listRides(window, cursor, 7);
        expect(page.nextCursor).toBe(asJson.nextCursor);
        json.push(asJson);
        packed.push(Buffer.from(packWirePage(1, page, keyOf(p), p).buffer));
        cursor = page.nextCursor;
      }
      const rides = json.flatMap((page) => page.rides);
      expect(json.length).toBeGreaterThan(2);
      if (p === 'platform_b') expect(rides.some((r) => r.status === 'in_progress' && r.completedAtMs === null && r.netCents === null)).toBe(true);
      expect(rides.some((r) => r.status === 'completed' && r.distanceHkm !== null && r.tipCents !== null)).toBe(true);
      const fromJson = json.map((page) => Buffer.from(packRides(1, page.rides, (r) => keyOf(p)(r.platformRideId, r.startedAtMs), createUuidBytesMemo()).buffer));
      expect(packed).toEqual(fromJson);
    }
  });

  it('when a platform answers the binary ask with JSON, then the ingestion reads the JSON and stores the same rides', async () => {
    const world = await fixtureWorld({ ...fixture, rideDays: 1 });
    const today = mexicoCityDate(w.deps.clocks.forTenant(world.tenant.id).nowMs());
    const asBinary = await ingestAndRead(world.tenant.id, today);
    w.deps.db.prepare('DELETE FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)').run(world.tenant.id);
    const asked: (string | null)[] = [];
    for (const p of PLATFORMS) w.net.platformJsonOnly(p, (accept) => asked.push(accept));

    const asJson = await ingestAndRead(world.tenant.id, today);

    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.some((accept) => accept?.startsWith(RIDE_PAGE_TYPE) && accept.includes('application/json'))).toBe(true);
    expect(asBinary.length).toBeGreaterThan(0);
    expect(asJson).toEqual(asBinary);
  });

  async function ingestAndRead(tenantId: string, today: string) {
    for (const p of PLATFORMS) await w.services.rideIngestion.ingestWindow(tenantId, p, addDays(today, -3), today);
    return storedRides(tenantId);
  }

  const record = (status: number, flags = 0, startedAtMs = Date.parse('2026-01-01T12:00:00Z')) => {
    const body = Buffer.alloc(RECORD + RIDE_ID_BYTES);
    new Float64Array(body.buffer, body.byteOffset, body.length / 8)[STARTED_AT / 8] = startedAtMs;
    body[FLAGS_AT] = flags;
    body[STATUS_AT] = status;
    body.write('ride-1', RECORD, 'latin1');
    return body;
  };

  it('when a window holds no ride, then its binary page is empty and ends there', async () => {
    const world = await fixtureWorld({ ...fixture, rideDays: 0 });

    const page = await w.deps.platformB.listPackedRides({ fleetId: world.tenant.id, from: '2020-01-01', to: '2020-01-31' }, null, 100);

    expect(page).toMatchObject({ count: 0, nextCursor: null });
    expect(packWirePage(1, page as Parameters<typeof packWirePage>[1], keyOf('platform_b'), 'platform_b').count).toBe(0);
  });

  it.each([
    ['a body that is not whole records', Buffer.alloc(RECORD + RIDE_ID_BYTES - 1), {}],
    ['a status the API does not know', record(6), {}],
    ['flags the API does not know', record(0, 4), {}],
    ['a start that is no instant', record(0, 0, NaN), {}],
    ['a start before 1970', record(0, 0, -1), {}],
    ['a ride without its id', Buffer.concat([record(0).subarray(0, RECORD), Buffer.alloc(RIDE_ID_BYTES)]), {}],
    ['an empty next cursor', record(0), { [NEXT_CURSOR_HEADER]: '' }],
  ])('when platform_b answers a binary page with %s, then the read fails as a platform unavailable, and nothing of the page is stored', async (_case, body, headers) => {
    const world = await fixtureWorld({ ...fixture, rideDays: 3 });
    const today = mexicoCityDate(w.deps.clocks.forTenant(world.tenant.id).nowMs());
    const onB = w.deps.db.prepare("SELECT COUNT(*) FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = 'platform_b')").pluck();
    const before = onB.get(world.tenant.id);
    w.deps.db.prepare("DELETE FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = 'platform_b')").run(world.tenant.id);
    w.net.server.use(http.get(ridesPath.platform_b, () => new HttpResponse(new Uint8Array(body), { headers: { 'content-type': RIDE_PAGE_TYPE, ...headers } })));

    const read = w.services.rideIngestion.ingestWindow(world.tenant.id, 'platform_b', addDays(today, -3), today);

    await expect(read).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', status: 503 });
    expect(before).toBeGreaterThan(0);
    expect(onB.get(world.tenant.id)).toBe(0);
  });
});
