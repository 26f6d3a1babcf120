import { describe, expect, it } from 'vitest';
import { SIM_URLS } from '../support/platform-network.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { useWorld } from '../support/world.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { createFixtureService } from '../../server/fixtures/service.ts';
import { createWorldSnapshots } from '../../server/world-snapshots/service.ts';
import { travel } from '../../server/clock/travel.ts';

/**
 * The background sync (every second) reads platform records only in the worlds whose records the
 * companion wrote since its last run (sync/runner.ts, simulators/common/fleet-changes.ts): a testbed
 * of many quiet worlds with bound drivers does not ask about each of them every second.
 */
/** The API's reads of platform_a's drivers and of the platforms' bindings while `act` runs, as paths. */
const readsOf = (w: ReturnType<typeof useWorld>) => async (act: () => Promise<unknown>) =>
  (await requestsDuring(w.net.server, act))
    .map((call) => new URL(call.split(' ')[1]))
    .filter((url) => url.href.startsWith(SIM_URLS.platform_a) || url.pathname.endsWith('/bindings'))
    .map((url) => `${url.pathname}${url.search}`);

describe('background sync: the first run of a process', () => {
  const w = useWorld();
  const f = fleetFixtures(w);
  const { fixtureWorld } = fixtureWorlds(w);
  const recordReads = readsOf(w);

  it('when a fixture world is built before it, then it asks about none of that world\'s records, and reads a world whose driver accepted meanwhile', async () => {
    const other = w.newTenant();
    const driver = await f.driver(other.auth);
    await f.invite(other.auth, driver).expect(201);
    const world = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    await w.net.control.acceptInvitation(driver);

    const reads = await recordReads(() => w.services.sync.runBackground());

    expect(reads.filter((r) => r.includes(world.tenant.id) || world.ids.driverIds.some((id) => r.includes(id)))).toEqual([]);
    expect(reads.some((r) => r.includes(driver))).toBe(true);
    expect((await f.invitation(other.auth, driver)).status).toBe('bound');
  });
});

describe('background sync: only the worlds whose platform records changed are read', () => {
  // Real time a minute on at each background run: a world whose visit failed is due again at the next
  // (sync/retry-delays.ts). The delays themselves: test/unit/sync-runner.test.ts.
  const real = { ms: 0 };
  const w = useWorld({ realNowMs: () => real.ms });
  const runBackground = () => ((real.ms += 60_000), w.services.sync.runBackground());
  const f = fleetFixtures(w);
  const { fixtureWorld } = fixtureWorlds(w);
  const recordReads = readsOf(w);

  /** Background runs until one starts from a known point: the first visits every world. */
  const settled = async () => {
    await runBackground();
    await runBackground();
  };

  it('when a driver accepts in the app in one of two worlds, then the next background run reads that world alone and stores bound; the run after reads nothing', async () => {
    const [a, b] = [w.newTenant(), w.newTenant()];
    const [driverA, driverB] = [await f.driver(a.auth), await f.driver(b.auth)];
    await f.invite(a.auth, driverA).expect(201);
    await f.invite(b.auth, driverB).expect(201);
    await settled();
    await w.net.control.acceptInvitation(driverA);

    const reads = await recordReads(() => runBackground());
    const after = await recordReads(() => runBackground());

    expect(reads.filter((r) => r.includes(driverA)).length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.includes(driverB) || r.includes(b.tenant.id))).toEqual([]);
    expect((await f.invitation(a.auth, driverA)).status).toBe('bound');
    expect((await f.invitation(b.auth, driverB)).status).toBe('invited');
    expect(after).toEqual([]);
  });

  it('when fixture worlds with bound drivers stand still, then a background run asks the platforms about none of their drivers or bindings', async () => {
    const worlds = [await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true })];
    worlds.push(await fixtureWorld({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true }));
    await settled();

    const reads = await recordReads(() => runBackground());

    expect(reads).toEqual([]);
    // A full run (POST /_testbed/sync) still reads each of them.
    const full = await recordReads(() => w.request.post('/_testbed/sync').expect(200));
    for (const world of worlds) expect(full.some((r) => world.ids.driverIds.some((id) => r.includes(id)))).toBe(true);
  });

  it('when a fixture world has just been built, then the next background run asks about none of its records (the build stored them all), and a full run finds nothing to change', async () => {
    await settled();
    const world = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true });
    const records = () => ['vehicle_registrations r JOIN vehicles v ON v.id = r.vehicle_id', 'driver_invitations i JOIN drivers d ON d.id = i.driver_id',
      'assignment_bindings b JOIN assignments a ON a.id = b.assignment_id']
      .map((from) => w.deps.db.prepare(`SELECT ${from.split(' ')[1]}.* FROM ${from} WHERE tenant_id = ? ORDER BY 1, 2`).all(world.tenant.id));
    const built = records();

    const reads = await recordReads(() => runBackground());
    const full = await recordReads(() => w.request.post('/_testbed/sync').expect(200));

    expect(reads).toEqual([]);
    expect(full.some((r) => world.ids.driverIds.some((id) => r.includes(id)))).toBe(true);
    expect(records()).toEqual(built);
    expect(built.map((rows) => rows.length)).toEqual([4, 4, 4]);
  });

  // The platforms' answers as a build sees them, changed by `tamper`; the driver reads of the run after it.
  async function readsAfterBuildWith(tamper: Partial<typeof w.deps.simulators>) {
    await settled();
    const { tenant } = w.newTenant();
    const ids = await createFixtureService({ ...w.deps, simulators: { ...w.deps.simulators, ...tamper } }, w.services, w.services.unique)
      .build(tenant.id, Fixture.parse({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true }));
    const reads = await recordReads(() => runBackground());
    return reads.filter((r) => r.includes(ids.driverIds[0]));
  }

  it('when something else writes a fixture world\'s records between two phases of its build, then the next background run reads that world', async () => {
    let holds = 0;
    // The second phase finds the fleet's number moved: a write the build did not make (a service-wide advance's due work, say).
    const reads = await readsAfterBuildWith({ holdFleetDue: async (fleetId) => {
      const held = await w.deps.simulators.holdFleetDue(fleetId);
      return ++holds === 2 ? { ...held, seq: held.seq + 1 } : held;
    } });

    expect(holds).toBe(2);
    expect(reads.length).toBeGreaterThan(0);
  });

  it('when the due work run at a phase\'s end writes a fixture world\'s records, then the next background run reads that world', async () => {
    const reads = await readsAfterBuildWith({ releaseFleetDue: async (fleetId) => ({ ...(await w.deps.simulators.releaseFleetDue(fleetId)), changedByDue: true }) });

    expect(reads.length).toBeGreaterThan(0);
  });

  it('when nothing but the build writes a fixture world\'s records, then the next background run reads none of them', async () => {
    expect(await readsAfterBuildWith({})).toEqual([]);
  });

  it('when the platform loses a binding of a fixture world just built, then the next background run binds it again', async () => {
    await settled();
    const world = await fixtureWorld({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    const [vehicleId, driverId] = [world.ids.vehicleIds[0], world.ids.driverIds[0]];
    await w.net.platformA.unbindDriver(vehicleId, driverId);

    await runBackground();

    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(true);
  });

  it('when a world saved with every change read is restored after a test changed it, then the next background run asks about none of its records', async () => {
    const world = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    await settled();
    await w.request.post(`/_testbed/tenants/${world.tenant.id}/snapshots`).send({ name: 'inicio' }).expect(201);
    await f.invite(world.auth, await f.driver(world.auth)).expect(201);
    await runBackground();

    await w.request.post(`/_testbed/tenants/${world.tenant.id}/snapshots/inicio/restore`).expect(200);
    const reads = await recordReads(() => runBackground());

    expect(reads).toEqual([]);
  });

  it('when a world is saved before the background read a change of its platform, then after its restore the next background run reads that world', async () => {
    const { auth, tenant } = w.newTenant();
    const driverId = await f.driver(auth);
    await f.invite(auth, driverId).expect(201);
    await settled();
    await w.net.control.acceptInvitation(driverId);
    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots`).send({ name: 'inicio' }).expect(201);

    await w.request.post(`/_testbed/tenants/${tenant.id}/snapshots/inicio/restore`).expect(200);
    const reads = await recordReads(() => runBackground());

    expect(reads.filter((r) => r.includes(driverId)).length).toBeGreaterThan(0);
    expect((await f.invitation(auth, driverId)).status).toBe('bound');
  });

  it('when a save under a name already in step fails on the platforms, then a restore of that name is read again by the next background run', async () => {
    let failSave = false;
    const simulators = { ...w.deps.simulators, saveFleet: async (fleetId: string, name: string) => {
      if (failSave) throw new Error('platforms down');
      return w.deps.simulators.saveFleet(fleetId, name);
    } };
    const snapshots = createWorldSnapshots({ ...w.deps, simulators }, { gates: w.services.tenantGates, sync: w.services.sync, jobs: w.services.jobs });
    const world = await fixtureWorld({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    await settled();
    await snapshots.save(world.tenant.id, 'inicio');
    failSave = true;
    await expect(snapshots.save(world.tenant.id, 'inicio')).rejects.toThrow(/platforms down/);

    await snapshots.restore(world.tenant.id, 'inicio');
    const reads = await recordReads(() => runBackground());

    expect(reads.some((r) => r.includes(world.ids.driverIds[0]))).toBe(true);
  });

  it('when the platform loses a binding of a quiet world, then the next background run binds it again', async () => {
    const world = await fixtureWorld({ vehicles: 1, drivers: 1, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true });
    const [vehicleId, driverId] = [world.ids.vehicleIds[0], world.ids.driverIds[0]];
    await settled();
    await w.net.platformA.unbindDriver(vehicleId, driverId);
    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(false);

    await runBackground();

    expect(await f.boundOnPlatform('platform_a', vehicleId, driverId)).toBe(true);
  });

  it('when a world\'s platform_a fails while its driver accepts, then the background runs read it again once the fault is gone, with no new change', async () => {
    const { auth, tenant } = w.newTenant();
    const driverId = await f.driver(auth);
    await f.invite(auth, driverId).expect(201);
    await settled();
    await w.net.control.acceptInvitation(driverId);
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);

    await runBackground();
    const during = (await f.invitation(auth, driverId)).status;
    await runBackground();
    await w.request.post(`/_testbed/tenants/${tenant.id}/faults`).send({ platform: 'platform_a', mode: 'none' }).expect(200);
    await runBackground();

    expect(during).toBe('invited');
    expect((await f.invitation(auth, driverId)).status).toBe('bound');
  });
  it('when every run over all worlds fails on one world\'s fault (say after a start), then the runs after it still store another world\'s change', async () => {
    const [a, b] = [w.newTenant(), w.newTenant()];
    const [driverA, driverB] = [await f.driver(a.auth), await f.driver(b.auth)];
    await f.invite(a.auth, driverA).expect(201);
    await f.invite(b.auth, driverB).expect(201);
    // The faulted world's driver comes first in a pass over every world, which stops at its outage.
    const [faulted, other] = driverA < driverB ? [{ ...a, driver: driverA }, { ...b, driver: driverB }] : [{ ...b, driver: driverB }, { ...a, driver: driverA }];
    await w.request.post(`/_testbed/tenants/${faulted.tenant.id}/faults`).send({ platform: 'platform_a', mode: 'error' }).expect(200);
    await w.net.control.acceptInvitation(other.driver);
    w.services.sync.forgetChanges();

    await runBackground();
    await runBackground();

    expect((await f.invitation(other.auth, other.driver)).status).toBe('bound');
    expect((await f.invitation(faulted.auth, faulted.driver)).status).toBe('invited');
  });
});

describe('background sync: a world whose rides cannot be read on one of its platforms', () => {
  const real = { ms: 0 };
  const w = useWorld({ realNowMs: () => real.ms });
  const { fixtureWorld } = fixtureWorlds(w);

  it('when its platform_b read fails at every try and its platform_a read succeeds, then the background tries it after 1, 2, 4 s, not every second', async () => {
    const world = await fixtureWorld({ vehicles: 1, drivers: 1, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true });
    await w.request.post(`/_testbed/tenants/${world.tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    await w.request.post('/_testbed/clock/advance').send({ duration: '1h', tenant: world.tenant.id }).expect(200);

    // A second of real time a tick, 8 ticks: the ticks at which platform_a's rides of the world were read.
    const readAt: number[] = [];
    for (let tick = 1; tick <= 8; tick++) {
      real.ms += 1_000;
      const calls = await requestsDuring(w.net.server, () => w.services.rideIngestion.syncDue(undefined, true));
      if (calls.some((c) => c.includes(SIM_URLS.platform_a) && /rides|reports/.test(c))) readAt.push(tick);
    }

    expect(readAt).toEqual([1, 3, 7]);
  });
});

describe('rides sync: a world\'s run beside a run of every world', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);

  it('when both read at once, and a world read by the run of every world fails while the world\'s run reads, then only that run answers its failure', async () => {
    const failing = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 });
    // The world's run ends after the failure (a few pages), the run of every world after it (many).
    const own = await fixtureWorld({ vehicles: 3, registeredOn: ['platform_b'], rideDays: 16 });
    const big = await fixtureWorld({ vehicles: 20, registeredOn: ['platform_b'], rideDays: 16 });
    await w.request.post(`/_testbed/tenants/${failing.tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    // Time moved in every world, nothing read yet: all are due.
    for (const world of [failing, own, big]) await travel(w.deps, 3_600_000, world.tenant.id);

    // The world's run first: it takes its world, and the run of every world reads the other two.
    const one = w.services.rideIngestion.syncDue(own.tenant.id);
    const every = w.services.rideIngestion.syncDue();

    expect(await one).toEqual([]);
    expect((await every).map((f) => f.tenant)).toEqual([failing.tenant.id]);
  });
});

describe('rides sync: a world\'s own read failing beside a run of every world', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);

  it('when its own read fails, and the run of every world begun before it then reads it whole, then no retry delay is left: the next background tick reads it once its time moves', async () => {
    const world = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 });
    const faults = `/_testbed/tenants/${world.tenant.id}/faults`;
    await travel(w.deps, 3_600_000, world.tenant.id);
    let own: unknown[] = [];

    // In the world's turn of the run of every world: its own read fails first, then the fault goes.
    await w.services.rideIngestion.syncDue(undefined, true, async (_worlds, read) => {
      await w.request.post(faults).send({ platform: 'platform_b', mode: 'error' }).expect(200);
      await travel(w.deps, 60_000, world.tenant.id); // its own advance
      own = await w.services.rideIngestion.syncDue(world.tenant.id);
      await w.request.post(faults).send({ platform: 'platform_b', mode: 'none' }).expect(200);
      return read();
    });
    await travel(w.deps, 3_600_000, world.tenant.id);
    const calls = await requestsDuring(w.net.server, () => w.services.rideIngestion.syncDue(undefined, true));

    expect(own).toHaveLength(1);
    expect(calls.some((c) => c.includes(SIM_URLS.platform_b))).toBe(true);
  });
});

describe('rides sync: a batch of every world\'s reads and a busy world', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);

  it('when a world has work of its own under way (its own run, a restore), then the run of every world reads it alone, and the others in one batch', async () => {
    const worlds = [];
    for (let i = 0; i < 3; i++) worlds.push(await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 }));
    for (const world of worlds) await travel(w.deps, 3_600_000, world.tenant.id);
    const busy = worlds[0].tenant.id;
    const taken: unknown[] = [];
    const turns = Object.assign(async <T>(turn: unknown, read: () => Promise<T>) => (taken.push(turn), read()), { busy: (world: string) => world === busy });

    const calls = await requestsDuring(w.net.server, () => w.services.rideIngestion.syncDue(undefined, true, turns));

    // The batch's turn names the two others (in id order), the busy world's read a turn of its own.
    expect(taken).toEqual([[worlds[1].tenant.id, worlds[2].tenant.id].sort(), busy]);
    expect(calls.filter((c) => c.includes(`fleetId=${busy}`)).length).toBeGreaterThan(0);
  });
});

describe('rides sync: a world\'s read planned in its turn', () => {
  const w = useWorld();
  const { fixtureWorld } = fixtureWorlds(w);
  const feedOf = "(SELECT id FROM ride_feeds WHERE tenant_id = ? AND platform = 'platform_a')";

  it('when a restore puts back an earlier last read before the world\'s turn comes, then the read starts from that earlier read: the rides since are read again', async () => {
    const world = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'], assigned: true, rideDays: 12 });
    const db = w.deps.db;
    const count = () => db.prepare(`SELECT count(*) FROM rides WHERE feed = ${feedOf}`).pluck().get(world.tenant.id) as number;
    const all = count();
    expect(all).toBeGreaterThan(0);
    const syncedAt = db.prepare("SELECT synced_at_ms FROM ride_sync WHERE tenant_id = ? AND platform = 'platform_a'").pluck().get(world.tenant.id) as number;
    // A copy saved 10 days of reads earlier: its rides of those days not there yet.
    const earlier = syncedAt - 10 * 86_400_000;
    db.prepare(`DELETE FROM rides WHERE feed = ${feedOf} AND started_at_ms >= ?`).run(world.tenant.id, earlier);
    await travel(w.deps, 3_600_000, world.tenant.id);

    // The run lists the world's targets, then its turn comes once the restore has put the earlier read back.
    await w.services.rideIngestion.syncDue(undefined, true, async (worlds, read) => {
      db.prepare("UPDATE ride_sync SET synced_at_ms = ? WHERE tenant_id = ? AND platform = 'platform_a'").run(earlier, world.tenant.id);
      return read();
    });

    // Every ride deleted is read again (and the hour's new ones).
    expect(count()).toBeGreaterThanOrEqual(all);
  });
});

describe('rides sync: a world deleted before its turn comes', () => {
  const warnings: string[] = [];
  const w = useWorld({ logger: { info() {}, warn: (msg: string) => void warnings.push(msg), error() {} } });
  const { fixtureWorld } = fixtureWorlds(w);

  // The run lists the due worlds, then a deletion takes the world's turn first (an advance of every
  // world beside DELETE /_testbed/tenants/{id}): its read must find it gone, not write its rides.
  it.each([
    ['in a batch call with another world', false],
    ['read on its own (a world busy when the run split its reads)', true],
  ])('when the world is %s, then the run skips it: no failure answered or logged, the other world read', async (_how, busy) => {
    const gone = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_a', 'platform_b'], rideDays: 1 });
    const kept = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 });
    for (const world of [gone, kept]) await travel(w.deps, 86_400_000, world.tenant.id);
    warnings.length = 0;
    let deleted = false;
    const turns = Object.assign(async <T>(_worlds: unknown, read: () => Promise<T>) => {
      if (!deleted) (deleted = true, await w.request.delete(`/_testbed/tenants/${gone.tenant.id}`).expect(200));
      return read();
    }, { busy: (world: string) => busy && world === gone.tenant.id });

    const failures = await w.services.rideIngestion.syncDue(undefined, true, turns);

    expect(deleted).toBe(true);
    expect(failures).toEqual([]);
    expect(warnings).toEqual([]);
    expect(w.deps.db.prepare('SELECT count(*) FROM ride_feeds WHERE tenant_id = ?').pluck().get(gone.tenant.id)).toBe(0);
    expect(w.deps.db.prepare('SELECT synced_at_ms FROM ride_sync WHERE tenant_id = ? AND platform = ?').pluck().get(kept.tenant.id, 'platform_b'))
      .toBe(w.deps.clocks.forTenant(kept.tenant.id).nowMs());
  });
});
