import { describe, expect, it } from 'vitest';
import { travel } from '../../server/clock/travel.ts';
import { PLATFORMS } from '../../server/common/schemas.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { createFixtureService } from '../../server/fixtures/service.ts';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { useWorld } from '../support/world.ts';

/**
 * A fixture ingests its rides up to the world's now and marks the world read then
 * (server/fixtures/service.ts): the background sync has nothing to read in it until its time moves,
 * instead of reading the last 16 days (platform_b's unsettled ones) again right after the build.
 */
describe('fixtures: a world\'s rides read up to its now', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);

  /** The API's calls that read rides or daily earnings (one world's, or many in a batch). */
  const rideReads = async (act: () => Promise<unknown>) =>
    (await requestsDuring(w.net.server, act)).filter((call) => /\/(rides|earnings\/daily|reports\/batch)$/.test(new URL(call.split(' ')[1]).pathname));
  const stored = (tenantId: string) => ({
    rides: w.deps.db.prepare('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id').all(tenantId),
    earnings: w.deps.db.prepare('SELECT * FROM daily_earnings WHERE tenant_id = ? ORDER BY id').all(tenantId),
    synced: w.deps.db.prepare('SELECT platform, synced_at_ms FROM ride_sync WHERE tenant_id = ? ORDER BY platform').all(tenantId),
  });

  /**
   * The background run after another world's clock moved: it reads the worlds whose own time moved
   * and those it has never read (a world with no clock advance of its own, as a fixture's).
   */
  const backgroundAfterAnotherWorldMoved = async () => {
    const other = w.newTenant();
    await w.request.post('/_testbed/clock/advance').send({ duration: '1m', tenant: other.tenant.id }).expect(200);
    return rideReads(() => w.services.sync.runBackground());
  };

  it('when a fixture world with ride days is built, then the next background run reads none of its rides, a read of its unsettled days changes nothing, and a move of its clock reads it', async () => {
    const world = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 2 });
    const tenantId = world.tenant.id;
    const nowMs = w.deps.clocks.forTenant(tenantId).nowMs();
    const built = stored(tenantId);

    const background = await backgroundAfterAnotherWorldMoved();
    const today = mexicoCityDate(nowMs);
    for (const platform of PLATFORMS) await w.services.rideIngestion.ingestWindow(tenantId, platform, addDays(today, -16), today);

    expect(background).toEqual([]);
    expect(built.rides.length).toBeGreaterThan(0);
    expect(built.synced).toEqual(PLATFORMS.map((platform) => ({ platform, synced_at_ms: nowMs })));
    expect(stored(tenantId)).toEqual(built);

    const moved = await rideReads(() => w.request.post('/_testbed/clock/advance').send({ duration: '3h', tenant: tenantId }).expect(200));
    expect(moved.length).toBeGreaterThan(0);
    expect(stored(tenantId).rides.length).toBeGreaterThan(built.rides.length);
  });

  it('when a fixture with ride days is built, then its ride feeds exist before its first daily read, so no page has to make one while the writer holds the lock', async () => {
    const fleet = w.newTenant();
    const feedsAtFirstDailyRead: unknown[][] = [];
    const feeds = w.deps.db.prepare('SELECT platform FROM ride_feeds WHERE tenant_id = ? ORDER BY platform').pluck();
    const listener = ({ request }: { request: Request }) => {
      if (feedsAtFirstDailyRead.length === 0 && new URL(request.url).pathname.endsWith('/earnings/daily')) feedsAtFirstDailyRead.push(feeds.all(fleet.tenant.id));
    };
    w.net.server.events.on('request:start', listener);
    try {
      await w.services.fixtures.build(fleet.tenant.id, Fixture.parse({ vehicles: 1, drivers: 1, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 1 }));
    } finally {
      w.net.server.events.removeListener('request:start', listener);
    }

    expect(feedsAtFirstDailyRead).toEqual([['platform_a', 'platform_b']]);
  });

  it('when a fixture\'s read brings nothing from a platform it registered on, then that platform\'s feed made ahead goes again, and every feed left was written', async () => {
    // No driver bound on platform_a: its vehicle drives nobody there, while platform_b drives it unassigned.
    const world = await fixtureWorld({ vehicles: 1, drivers: 0, registeredOn: ['platform_a', 'platform_b'], boundOn: [], assigned: false, rideDays: 3 });

    const feeds = w.deps.db.prepare('SELECT platform, written FROM ride_feeds WHERE tenant_id = ? ORDER BY platform').all(world.tenant.id) as { platform: string; written: number }[];

    expect(feeds.map((f) => f.platform)).toEqual(['platform_b']);
    expect(feeds.every((f) => f.written > 0)).toBe(true);
  });

  it('when a fixture world has no ride days, then it is not marked read: a background run reads it as any new world', async () => {
    const world = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });

    expect(stored(world.tenant.id).synced).toEqual([]);
    expect((await backgroundAfterAnotherWorldMoved()).length).toBeGreaterThan(0);
  });

  it('when the world\'s time moves while the build reads its rides, then today\'s rides up to then are stored, and a move after the read leaves the world due', async () => {
    const HOUR = 3_600_000;
    // The build's own calls, with the world's clock moved (both sides, no sync run) around the rides' read.
    const moving = (before: number, after: number) => createFixtureService(w.deps, {
      ...w.services,
      generateRides: async (body) => {
        await travel(w.deps, before, body.tenantId);
        const generated = await w.services.generateRides(body);
        if (after > 0) await travel(w.deps, after, body.tenantId);
        return generated;
      },
    }, w.services.unique);
    const build = async (before: number, after: number) => {
      const { tenant } = w.newTenant();
      await moving(before, after).build(tenant.id, Fixture.parse({ vehicles: 5, drivers: 5, registeredOn: ['platform_b'], assigned: true, rideDays: 1 }));
      return tenant.id;
    };
    const todays = (tenantId: string) => {
      const today = mexicoCityDate(w.deps.clocks.forTenant(tenantId).nowMs());
      return (stored(tenantId).rides as { started_at_ms: number }[]).filter((r) => mexicoCityDate(r.started_at_ms) === today).length;
    };

    const movedBefore = await build(8 * HOUR, 0);
    const movedAfter = await build(0, 8 * HOUR);
    const readAt = w.deps.clocks.forTenant(movedAfter).nowMs() - 8 * HOUR;
    const built = { before: todays(movedBefore), after: todays(movedAfter), synced: stored(movedAfter).synced };
    await w.services.sync.runBackground();

    // 09:00 → 17:00 of a weekday: five vehicles with no ride started in it would be a seed's oddity.
    expect(built.before).toBeGreaterThan(0);
    expect(built.after).toBe(0);
    expect(built.synced).toEqual([{ platform: 'platform_b', synced_at_ms: readAt }]);
    expect(stored(movedAfter).synced).toEqual([{ platform: 'platform_b', synced_at_ms: readAt + 8 * HOUR }]);
    expect(todays(movedAfter)).toBeGreaterThan(0);
  });
});
