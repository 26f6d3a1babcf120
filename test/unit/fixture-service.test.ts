import { describe, expect, it, vi } from 'vitest';
import { useWorld } from '../support/world.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { SCOPES } from '../../server/auth/scopes.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { SIM_URLS } from '../support/platform-network.ts';
import { BUILDS_AT_ONCE, fillsWriterPages, HALF_BUILT } from '../../server/fixtures/service.ts';

/** The fixture service against both simulated platforms (in-process, msw between them). */
describe('fixtures: a populated world in one call', () => {
  const w = useWorld();
  const newWorld = () => w.services.tenants.createTenantWithKeys('Flota Fixture', 'active', [{ scopes: [...SCOPES] }]).id;
  const build = (tenantId: string, fixture: unknown) => w.services.fixtures.build(tenantId, Fixture.parse(fixture));

  it('when vehicles are registered on both platforms with bound, assigned drivers, then each platform holds the API\'s bindings', async () => {
    const tenantId = newWorld();

    const ids = await build(tenantId, { vehicles: 3, drivers: 2, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true });

    expect(ids.vehicleIds).toHaveLength(3);
    expect(ids.driverIds).toHaveLength(2);
    const assignments = ids.assignmentIds.map((id) => w.services.assignments.get(tenantId, id));
    expect(assignments.map((a) => [a.vehicleId, a.driverId, a.platformSync])).toEqual(
      ids.driverIds.map((driverId, i) => [ids.vehicleIds[i], driverId, 'synced']),
    );
    for (const platform of ['platform_a', 'platform_b'] as const) {
      const held = await w.net.control.listBindings(platform);
      const pairs = held.map((b) => `${b.vehicleExternalId}|${b.driverExternalId}`);
      for (const [i, driverId] of ids.driverIds.entries()) expect(pairs).toContain(`${ids.vehicleIds[i]}|${driverId}`);
    }
    const registrations = ids.vehicleIds.flatMap((id) => w.services.registrations.list(tenantId, id).map((r) => r.status));
    expect(registrations.sort()).toEqual(['approved', 'approved', 'approved', 'registered', 'registered', 'registered']);
  });

  it('when a fixture is made, then coverage counts its transitions as the API made them', async () => {
    const tenantId = newWorld();

    await build(tenantId, { vehicles: 2, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'] });

    const transitions = w.services.coverage.report(tenantId).transitions;
    const count = (machine: string, from: string, to: string) =>
      transitions.find((t) => t.machine === machine && t.from === from && t.to === to)?.count ?? 0;
    expect(count('registration.platform_a', 'pending', 'approved')).toBe(2);
    expect(count('invitation.platform_a', 'invited', 'bound')).toBe(1);
  });

  it('when a fixture is made, then what platform_a answered its reviewers and drivers is stored without asking for it again', async () => {
    const tenantId = newWorld();

    const calls = await requestsDuring(w.net.server, () => build(tenantId, { vehicles: 2, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'] }));

    const reads = calls.filter((c) => c.startsWith(`GET ${SIM_URLS.platform_a}/v1/`));
    expect(reads).toEqual([]);
    expect(w.services.registrations.list(tenantId, (await w.services.vehicles.list(tenantId, {}, 10)).data[0].id)[0].status).toBe('approved');
  });

  it('when two worlds are made with fixtures, then no plate, VIN or whatsapp of one is the other\'s', async () => {
    const [a, b] = [newWorld(), newWorld()];
    const [ia, ib] = [await build(a, { vehicles: 4, drivers: 4 }), await build(b, { vehicles: 4, drivers: 4 })];

    const values = (tenantId: string, ids: typeof ia) => [
      ...ids.vehicleIds.flatMap((id) => { const v = w.services.vehicles.get(tenantId, id); return [v.plate, v.vin]; }),
      ...ids.driverIds.map((id) => w.services.drivers.get(tenantId, id).whatsapp),
    ];
    const [va, vb] = [values(a, ia), values(b, ib)];
    expect(new Set([...va, ...vb]).size).toBe(va.length + vb.length);
  });

  it('when rideDays is given, then the last days of rides are ingested', async () => {
    const tenantId = newWorld();

    await build(tenantId, { vehicles: 2, registeredOn: ['platform_b'], rideDays: 3 });

    const rides = w.deps.db.prepare('SELECT count(*) FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)').pluck().get(tenantId) as number;
    expect(rides).toBeGreaterThan(0);
    const days = w.deps.db.prepare('SELECT count(DISTINCT date) FROM daily_earnings WHERE tenant_id = ?').pluck().get(tenantId) as number;
    expect(days).toBe(3);
  });

  it('when a platform fails half way, then the call fails and nothing of the world stays here or there', async () => {
    const tenantId = newWorld();
    const heldBefore = (await w.net.control.platformView('platform_a')).vehicles.length;
    w.net.platformDown('platform_b');

    await expect(build(tenantId, { vehicles: 2, registeredOn: ['platform_a', 'platform_b'] })).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE' });

    expect(w.services.tenants.store.getTenant(tenantId)).toBeUndefined();
    expect(w.deps.db.prepare('SELECT count(*) FROM vehicles WHERE tenant_id = ?').pluck().get(tenantId)).toBe(0);
    expect((await w.net.control.platformView('platform_a')).vehicles).toHaveLength(heldBefore);
  });

  it('when three worlds are built at once, then two are built side by side and the third waits for one of them to end', async () => {
    const worlds = [newWorld(), newWorld(), newWorld()];
    const vehiclesOf = (id: string) => w.deps.db.prepare('SELECT count(*) FROM vehicles WHERE tenant_id = ?').pluck().get(id) as number;
    const events: string[] = [];
    const started = new Set<number>();
    let ended = 0;
    const look = () => {
      worlds.forEach((id, i) => {
        if (!started.has(i) && vehiclesOf(id) > 0) started.add(i) && events.push(`start ${i}`);
      });
      if (ended < 3) setImmediate(look);
    };
    setImmediate(look);

    await Promise.all(worlds.map((id, i) => build(id, { vehicles: 30, registeredOn: ['platform_b'] }).then(() => (ended++, events.push(`end ${i}`)))));

    expect(events.slice(0, 2).sort()).toEqual(['start 0', 'start 1']);
    expect(events.indexOf('start 2')).toBeGreaterThan(Math.min(events.indexOf('end 0'), events.indexOf('end 1')));
    expect(BUILDS_AT_ONCE).toBe(2);
  });

  it('when a big world is built, then the event loop gets turns while its vehicles, drivers and platform_a\'s decisions are stored: other worlds are answered meanwhile', async () => {
    const tenantId = newWorld();
    const count = (sql: string) => w.deps.db.prepare(sql).pluck().get(tenantId) as number;
    const seen = { vehicles: new Set<number>(), drivers: new Set<number>(), approved: new Set<number>() };
    let building = true;
    // What another world's request would see: it runs only when the build gives the event loop a turn.
    const look = () => {
      seen.vehicles.add(count('SELECT count(*) FROM vehicles WHERE tenant_id = ?'));
      seen.drivers.add(count('SELECT count(*) FROM drivers WHERE tenant_id = ?'));
      seen.approved.add(count(`SELECT count(*) FROM vehicle_registrations r JOIN vehicles v ON v.id = r.vehicle_id
        WHERE v.tenant_id = ? AND r.platform = 'platform_a' AND r.status = 'approved'`));
      if (building) setImmediate(look);
    };
    setImmediate(look);

    await build(tenantId, { vehicles: 60, drivers: 60, registeredOn: ['platform_a'], boundOn: ['platform_a'] });
    building = false;

    const between = (counts: Set<number>) => [...counts].filter((n) => n > 0 && n < 60).sort((a, b) => a - b);
    expect(between(seen.vehicles)).toEqual([25, 50]);
    expect(between(seen.drivers)).toEqual([25, 50]);
    expect(between(seen.approved)).toEqual([25, 50]);
  });
});

describe('fixtures: the ingestion writer thread started ahead', () => {
  it('when a fixture\'s rides will come in pages the thread stores, then it is started as the fixture begins; for a small one, never', () => {
    expect(fillsWriterPages({ vehicles: 50, rideDays: 30 })).toBe(true);
    expect(fillsWriterPages({ vehicles: 25, rideDays: 14 })).toBe(true);
    expect(fillsWriterPages({ vehicles: 5, rideDays: 30 })).toBe(false);
    expect(fillsWriterPages({ vehicles: 500, rideDays: 0 })).toBe(false);
    expect(fillsWriterPages({ vehicles: 0, rideDays: 366 })).toBe(false);
  });
});

describe('fixtures: serve\'s stop cuts the builds off', () => {
  const w = useWorld();

  it('when the stop cuts a build off as its last step ends (its client already told the world is deleted), then the world is deleted, not kept whole', async () => {
    const tenantId = w.services.tenants.createTenantWithKeys('Flota Cortada', 'active', [{ scopes: [...SCOPES] }]).id;
    const release = w.deps.simulators.releaseFleetDue;
    // The build's last platform call (no assignments, no rides: the first phase's release), then the cut.
    const cutAfter = vi.spyOn(w.deps.simulators, 'releaseFleetDue').mockImplementation(async (fleetId) => {
      const released = await release(fleetId);
      w.services.fixtures.cutOff();
      return released;
    });
    const answering = { locals: {} as Record<string, unknown> };

    try {
      await expect(w.services.fixtures.build(tenantId, Fixture.parse({ vehicles: 1, registeredOn: ['platform_b'] }), answering))
        .rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', message: `El testbed se detuvo antes de terminar esta solicitud: ${HALF_BUILT}.` });
    } finally {
      cutAfter.mockRestore();
    }

    expect(w.services.tenants.store.getTenant(tenantId)).toBeUndefined();
    expect(answering.locals.stoppedMeans).toBe(HALF_BUILT);
  });

});

describe('fixtures: serve\'s stop and the builds waiting their turn', () => {
  const w = useWorld();

  it('when the stop comes while a build waits its turn behind two others, then it is abandoned and its world deleted without waiting for them', async () => {
    const worlds = [1, 2, 3].map((i) => w.services.tenants.createTenantWithKeys(`Flota ${i}`, 'active', [{ scopes: [...SCOPES] }]).id);
    const hold = w.deps.simulators.holdFleetDue;
    let releaseRunning!: () => void;
    const running = new Promise<void>((resolve) => (releaseRunning = resolve));
    let held = 0;
    // The two builds under way stay at their first platform call until released.
    const holding = vi.spyOn(w.deps.simulators, 'holdFleetDue').mockImplementation(async (fleetId) => {
      held++;
      await running;
      return hold(fleetId);
    });
    const builds = worlds.map((id) => w.services.fixtures.build(id, Fixture.parse({ vehicles: 1, registeredOn: ['platform_b'] })).then(() => 'built', (err: Error) => err.message));
    try {
      while (held < 2) await new Promise((resolve) => setImmediate(resolve));

      w.services.fixtures.cutOff();
      const third = await builds[2];

      expect(third).toBe(`El testbed se detuvo antes de terminar esta solicitud: ${HALF_BUILT}.`);
      expect(held).toBe(2);
      expect(w.services.tenants.store.getTenant(worlds[2])).toBeUndefined();
    } finally {
      releaseRunning();
      await Promise.all(builds);
      holding.mockRestore();
    }
  });
});
