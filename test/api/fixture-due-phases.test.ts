import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../server/auth/scopes.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { createFixtureService } from '../../server/fixtures/service.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * A fixture holds the platforms' due work during each phase and runs it once at its end
 * (server/fixtures/service.ts): the world must be the one a run after every write would have made.
 * Both are made after a reset, so the seeded ids, and with them the rides' plans, are the same.
 */
describe('fixtures: the platforms\' due work once per phase', () => {
  const w = useWorldOnDataDir();
  const fixture = Fixture.parse({ vehicles: 4, drivers: 4, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 2 });
  // The same service with the hold taken away: every write to the platforms runs their due work.
  const everyWrite = () => createFixtureService(
    { ...w.deps, simulators: { ...w.deps.simulators, holdFleetDue: async (fleetId) => ({ fleetId, held: false, seq: 0 }), releaseFleetDue: async (fleetId) => ({ fleetId, held: false, seq: 0, changedByDue: true }) } },
    w.services, w.services.unique,
  );

  async function worldAfterReset(build: (tenantId: string) => Promise<unknown>) {
    await w.request.post('/_testbed/reset').expect(200);
    const tenantId = w.services.tenants.createTenantWithKeys('Flota Fixture', 'active', [{ scopes: [...SCOPES] }]).id;
    await build(tenantId);
    const sims = w.net.simulators.db;
    const rows = (sql: string, db = sims) => db.prepare(sql).all(tenantId);
    return {
      tenantId,
      rideDays: ['pa', 'pb'].map((p) => rows(`SELECT * FROM ${p}_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms`)),
      bindings: rows('SELECT b.* FROM pb_bindings b JOIN pb_vehicles v ON v.id = b.vehicle_id WHERE v.fleet_id = ? ORDER BY b.id'),
      rides: rows('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id', w.deps.db),
      earnings: rows('SELECT * FROM daily_earnings WHERE tenant_id = ? ORDER BY 1, 2, 3', w.deps.db),
    };
  }

  it('when a fixture is made with its due work held per phase, then the platforms and the API hold what a run after every write made', async () => {
    const held = await worldAfterReset((id) => w.services.fixtures.build(id, fixture));
    const unheld = await worldAfterReset((id) => everyWrite().build(id, fixture));

    expect(held.tenantId).toBe(unheld.tenantId);
    expect(held.rideDays[1].length).toBeGreaterThan(4 * 2);
    expect(held.rides.length).toBeGreaterThan(0);
    expect(held).toEqual(unheld);
  });
});
