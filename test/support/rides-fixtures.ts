import { beforeAll } from 'vitest';
import { addDays, mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { fleetFixtures, type Auth } from './fleet-fixtures.ts';
import type { useWorld } from './world.ts';

type World = ReturnType<typeof useWorld>;
type Query = Record<string, string | number>;
export type Item = Record<string, any>;
export type PbFleet = Awaited<ReturnType<ReturnType<typeof ridesFixtures>['pbFleet']>>;

/** The order of GET /v1/rides: newest start first, ties by id descending. */
export const newestRideFirst = (a: Item, b: Item) => (a.startedAt === b.startedAt ? (a.id < b.id ? 1 : -1) : a.startedAt < b.startedAt ? 1 : -1);

/**
 * Tenants whose vehicles drive on platform_b, the testbed's generate route, and readers that walk
 * every page of a list. Built on fleetFixtures, so every plate and phone is new.
 */
export function ridesFixtures(w: World) {
  const f = fleetFixtures(w);
  const today = () => mexicoCityDate(w.clock.nowMs());
  const daysAgo = (n: number) => addDays(today(), -n);

  /** A tenant with `n` vehicles registered on platform_b, each with its own driver assigned (bound there). */
  async function pbFleet(n: number, scopes?: Parameters<World['newTenant']>[1]) {
    const tenant = w.newTenant('Flota Viajes', scopes);
    const vehicles: string[] = [];
    const drivers: string[] = [];
    for (let i = 0; i < n; i++) {
      const vehicleId = await f.vehicle(tenant.auth);
      await f.registerOnB(tenant.auth, vehicleId);
      const driverId = await f.driver(tenant.auth);
      await f.assign(tenant.auth, vehicleId, driverId).expect(201);
      vehicles.push(vehicleId);
      drivers.push(driverId);
    }
    return { ...tenant, tenantId: tenant.tenant.id, vehicles, drivers };
  }

  const generate = async (tenantId: string, from: string, to: string) =>
    (await w.request.post('/_testbed/rides/generate').send({ tenantId, from, to }).expect(200)).body;

  /**
   * Before the describe's tests: a pbFleet of `vehicles` whose rides are generated from `fromAgo` to
   * `toAgo` days ago; `bind` receives the fleet, the window and the generate answer.
   */
  function generatedBeforeAll(vehicles: number, fromAgo: number, toAgo: number, bind: (made: { fleet: PbFleet; from: string; to: string; generated: Item }) => void) {
    beforeAll(async () => {
      const fleet = await pbFleet(vehicles);
      const [from, to] = [daysAgo(fromAgo), daysAgo(toAgo)];
      bind({ fleet, from, to, generated: await generate(fleet.tenantId, from, to) });
    });
  }

  /** Every item of a paged list, following startingAfter. */
  async function all(auth: Auth, path: string, query: Query, limit = 100): Promise<Item[]> {
    const items: Item[] = [];
    for (let after: string | undefined; ; ) {
      const res = await w.request.get(path).set(auth).query({ ...query, limit, ...(after ? { startingAfter: after } : {}) }).expect(200);
      items.push(...res.body.data);
      if (!res.body.hasMore) return items;
      after = res.body.data[res.body.data.length - 1].id;
    }
  }

  return {
    f, today, daysAgo, pbFleet, generate, generatedBeforeAll, all,
    rides: (auth: Auth, query: Query) => all(auth, '/v1/rides', { platform: 'platform_b', ...query }),
    daily: (auth: Auth, query: Query) => all(auth, '/v1/earnings/daily', { platform: 'platform_b', ...query }),
  };
}
