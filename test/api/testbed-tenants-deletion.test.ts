import { describe, expect, it } from 'vitest';
import { Fixture } from '../../server/fixtures/schema.ts';
import { TENANT_ROWS } from '../../server/tenants/purge.ts';
import { HALF_DELETED, SOME_DELETED } from '../../server/tenants/deletion.ts';
import { AppError } from '../../server/errors.ts';
import { stoppedMeansOf } from '../../server/errors.ts';
import { useWorld } from '../support/world.ts';

/** A world's deletion holds that world alone, as its restore does: every other world goes on. */
describe('deleting a world while other worlds work', () => {
  const w = useWorld();
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  async function world(name: string) {
    const res = await w.request.post('/_testbed/tenants').send({ name }).expect(201);
    return { id: res.body.id as string, auth: bearer(res.body.keys[0].key) };
  }
  /** The companion's `method` waits until `release` (a slow companion); `asked` once it is called. */
  function holdSimulators(method: 'deleteFleet' | 'setFleetClock' | 'holdFleetDue') {
    const simulators = w.deps.simulators as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const original = simulators[method];
    let release!: () => void;
    let entered!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) => (entered = resolve));
    simulators[method] = async (...args) => {
      entered();
      await released;
      return original(...args);
    };
    return { asked, release: () => ((simulators[method] = original), release()) };
  }
  const holdPlatformDeletion = () => holdSimulators('deleteFleet');
  const rowsOf = (tenantId: string) =>
    TENANT_ROWS.filter(({ table }) => table !== 'counters').reduce((n, { table, where }) => n + (w.deps.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get({ tenant: tenantId }) as number), 0);

  it('when a world is deleted while the platforms take their time, then another world is answered meanwhile, and the deleted world\'s requests wait, then answer 401', async () => {
    const doomed = await world('Flota Borrada');
    const other = await world('Flota Otra');
    const journals = w.services.journal.stats().worlds;
    const hold = holdPlatformDeletion();

    const deleting = w.request.delete(`/_testbed/tenants/${doomed.id}`).then((res) => res);
    await hold.asked;
    let ownAnswered = false;
    const own = w.request.get('/v1/me').set(doomed.auth).then((res) => ((ownAnswered = true), res));
    const meanwhile = await Promise.all([
      w.request.get('/v1/me').set(other.auth),
      w.request.post('/v1/vehicles').set(other.auth).send({ plate: 'BORR-01', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara' }),
      w.request.post('/_testbed/tenants').send({ name: 'Flota Nueva' }),
    ]);
    const ownBeforeRelease = ownAnswered;
    hold.release();

    expect(meanwhile.map((res) => res.status)).toEqual([200, 201, 201]);
    expect(ownBeforeRelease).toBe(false);
    expect((await deleting).body).toEqual({ id: doomed.id, deleted: true });
    expect((await own).status).toBe(401);
    expect(rowsOf(doomed.id)).toBe(0);
    // The other world's journal only: the deleted world's waiting request is in no journal.
    expect(w.services.journal.stats().worlds).toBe(journals + 1);
  });

  it('when a world with many rides and daily rows is deleted, then they go 2,500 at a time with turns of the event loop between, the world marked for deletion at the next start until its last row goes', async () => {
    const doomed = await world('Flota Con Viajes');
    const other = await world('Flota De Al Lado');
    const db = w.deps.db;
    const feed = db.prepare("INSERT INTO ride_feeds (tenant_id, platform) VALUES (?, 'platform_b') RETURNING id").pluck().get(doomed.id) as number;
    const otherFeed = db.prepare("INSERT INTO ride_feeds (tenant_id, platform) VALUES (?, 'platform_b') RETURNING id").pluck().get(other.id) as number;
    const insert = db.prepare("INSERT INTO rides (feed, id, status, started_at_ms) VALUES (?, ?, 'completed', ?)");
    const daily = db.prepare(`INSERT INTO daily_earnings (id, tenant_id, platform, date, driver_id, trips, gross_cents, net_cents, online_chours, updated_at)
      VALUES (?, ?, 'platform_b', '2026-01-01', NULL, 1, 100, 80, 100, '2026-01-01T00:00:00.000Z')`);
    db.transaction(() => {
      for (let i = 0; i < 6_000; i++) insert.run(feed, Buffer.from(i.toString(16).padStart(32, '0'), 'hex'), i);
      for (let i = 0; i < 3_000; i++) daily.run(`d${i}`, doomed.id);
      insert.run(otherFeed, Buffer.alloc(16, 1), 0);
    })();
    const ridesOf = (f: number) => db.prepare('SELECT count(*) FROM rides WHERE feed = ?').pluck().get(f) as number;
    const dailyOf = () => db.prepare('SELECT count(*) FROM daily_earnings WHERE tenant_id = ?').pluck().get(doomed.id) as number;
    const marked = () => db.prepare('SELECT count(*) FROM counters WHERE name = ?').pluck().get(`fixture-building:${doomed.id}`) === 1;
    const seen: string[] = [];
    let deleting = true;
    // What another world's request would see: it runs only when the deletion gives the event loop a turn.
    const look = () => {
      const [rides, days] = [ridesOf(feed), dailyOf()];
      if (rides + days > 0 && rides + days < 9_000) seen.push(`${rides} rides, ${days} daily rows, ${marked() ? 'marked' : 'unmarked'}`);
      if (deleting) setImmediate(look);
    };
    setImmediate(look);

    await w.request.delete(`/_testbed/tenants/${doomed.id}`).expect(200);
    deleting = false;

    expect([...new Set(seen)]).toEqual(['3500 rides, 3000 daily rows, marked', '1000 rides, 3000 daily rows, marked', '0 rides, 500 daily rows, marked']);
    expect(rowsOf(doomed.id)).toBe(0);
    expect(marked()).toBe(false);
    expect(ridesOf(otherFeed)).toBe(1);
  });

  it.each([
    ['one world is', (id: string, answering: { locals: Record<string, unknown> }) => w.services.worldDeletion.one(id, answering), HALF_DELETED],
    ['worlds by name prefix are', (_id: string, answering: { locals: Record<string, unknown> }) => w.services.worldDeletion.byNamePrefix('Flota Parada', answering), SOME_DELETED],
  ] as const)('when %s deleted, then what a stop of serve would make of them is said once the world is marked, not while the deletion waits for it', async (_label, remove, means) => {
    const { id } = await world('Flota Parada');
    const marked = () => w.deps.db.prepare('SELECT count(*) FROM counters WHERE name = ?').pluck().get(`fixture-building:${id}`) === 1;
    // The world's gate held by a step of another call on it (here a fixture's build on the platforms).
    const hold = holdSimulators('holdFleetDue');
    const building = w.services.fixtures.build(id, Fixture.parse({ vehicles: 1, registeredOn: ['platform_b'] }));
    await hold.asked;
    const answering = { locals: {} as Record<string, unknown> };
    let markedWhenPlatformsAsked = false;
    const deleteFleet = w.deps.simulators.deleteFleet;
    w.deps.simulators.deleteFleet = async (fleetId) => ((markedWhenPlatformsAsked = marked()), deleteFleet(fleetId));

    const removing = remove(id, answering);
    await new Promise((resolve) => setImmediate(resolve));
    const meansWhileWaiting = stoppedMeansOf(answering);
    hold.release();
    await building;
    await removing;
    w.deps.simulators.deleteFleet = deleteFleet;

    expect(meansWhileWaiting).toBeUndefined();
    expect(markedWhenPlatformsAsked).toBe(true);
    expect(stoppedMeansOf(answering)).toBe(means);
    expect(marked()).toBe(false);
  });

  it('when the platforms fail the deletion, then the world stays whole and unmarked, to be deleted again', async () => {
    const { id } = await world('Flota Sin Plataformas');
    const deleteFleet = w.deps.simulators.deleteFleet;
    w.deps.simulators.deleteFleet = async () => {
      throw new AppError('PLATFORM_UNAVAILABLE', 'Los simuladores de las plataformas no están disponibles; reintenta más tarde.');
    };

    const res = await w.request.delete(`/_testbed/tenants/${id}`);
    w.deps.simulators.deleteFleet = deleteFleet;

    expect(res.status).toBe(503);
    expect(w.deps.db.prepare('SELECT count(*) FROM counters WHERE name = ?').pluck().get(`fixture-building:${id}`)).toBe(0);
    expect(w.services.tenants.store.getTenant(id)).toBeDefined();
  });

  it('when a world is deleted while its fixture is being built, then the deletion waits for the whole build, and nothing of the world is left', async () => {
    const { id } = w.services.tenants.createTenantWithKeys('Flota En Obra', 'active', [{}]);
    const fixture = Fixture.parse({ vehicles: 3, drivers: 3, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 2 });

    const building = w.services.fixtures.build(id, fixture);
    const deleting = w.services.worldDeletion.one(id);
    const [built] = await Promise.all([building, deleting]);

    expect(built.vehicleIds).toHaveLength(3);
    expect(built.assignmentIds).toHaveLength(3);
    expect(rowsOf(id)).toBe(0);
    // What the platforms themselves hold: nothing of the world's vehicles, drivers or bindings.
    const made = new Set([...built.vehicleIds, ...built.driverIds]);
    for (const platform of ['platform_a', 'platform_b'] as const) {
      const view = await w.deps.simulators.platformView(platform);
      const held = [...view.vehicles, ...view.drivers].map((r) => r.externalId).concat(view.bindings.flatMap((b) => [b.vehicleExternalId, b.driverExternalId]));
      expect(held.filter((externalId) => made.has(externalId))).toEqual([]);
    }
  });

  it('when worlds are deleted by name while one of them is being deleted by id, then each goes once and the answer names those the call deleted', async () => {
    const first = await world('Suite Borrado 1');
    const second = await world('Suite Borrado 2');
    const hold = holdPlatformDeletion();

    const byId = w.services.worldDeletion.one(first.id);
    await hold.asked;
    // Both worlds are named now: the first is deleted by the other call before this one reaches it.
    const byName = w.services.worldDeletion.byNamePrefix('Suite Borrado');
    hold.release();

    await byId;
    expect(await byName).toEqual([second.id]);
    expect(rowsOf(first.id) + rowsOf(second.id)).toBe(0);
  });

  it('when a world is deleted while its clock advance is under way, then the deletion waits for it, and the platforms keep no clock of the deleted fleet', async () => {
    const doomed = await world('Flota Adelantada');
    const hold = holdSimulators('setFleetClock');

    const simulators = w.deps.simulators;
    const deleteFleet = simulators.deleteFleet;
    let fleetDeletedDuringAdvance = false;
    let advanceHeld = true;
    simulators.deleteFleet = (fleetId) => ((fleetDeletedDuringAdvance ||= advanceHeld), deleteFleet(fleetId));

    const before = Date.parse(w.deps.clocks.forTenant(doomed.id).now().toISOString());
    const advancing = w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: doomed.id }).then((res) => res);
    await hold.asked;
    const deleting = w.request.delete(`/_testbed/tenants/${doomed.id}`).then((res) => res);
    // Event-loop turns, not time: enough for a deletion that did not wait to reach the platforms.
    for (let turn = 0; turn < 200 && !fleetDeletedDuringAdvance; turn++) await new Promise(setImmediate);
    advanceHeld = false;
    hold.release();

    expect((await advancing).status).toBe(200);
    // The time the world reached, not the service's (what a deleted world's time reads as).
    expect(Date.parse((await advancing).body.now)).toBe(before + 24 * 3_600_000);
    expect((await deleting).status).toBe(200);
    simulators.deleteFleet = deleteFleet;
    expect(fleetDeletedDuringAdvance).toBe(false);
    expect((await simulators.getFleetClock(doomed.id)).offsetMs).toBe(0);
  });

  it('when a world\'s clock advance or rides are asked while it is being deleted, then they wait for the deletion and answer 404, leaving the platforms nothing of it', async () => {
    const doomed = await world('Flota Tardía');
    const simulators = w.deps.simulators;
    const { setFleetClock, generateRides } = simulators;
    const reachedDuringDeletion: string[] = [];
    let deletionHeld = true;
    simulators.setFleetClock = (...args) => (deletionHeld && reachedDuringDeletion.push('setFleetClock'), setFleetClock(...args));
    simulators.generateRides = (body) => (deletionHeld && reachedDuringDeletion.push('generateRides'), generateRides(body));
    const hold = holdPlatformDeletion();

    const deleting = w.request.delete(`/_testbed/tenants/${doomed.id}`).then((res) => res);
    await hold.asked;
    const advancing = w.request.post('/_testbed/clock/advance').send({ duration: '1d', tenant: doomed.id }).then((res) => res);
    const generating = w.request.post('/_testbed/rides/generate').send({ tenantId: doomed.id, from: '2026-02-25', to: '2026-02-27' }).then((res) => res);
    // Event-loop turns, not time: enough for calls that did not wait to reach the platforms.
    for (let turn = 0; turn < 200 && reachedDuringDeletion.length < 2; turn++) await new Promise(setImmediate);
    deletionHeld = false;
    hold.release();

    expect((await deleting).status).toBe(200);
    expect([(await advancing).status, (await generating).status]).toEqual([404, 404]);
    Object.assign(simulators, { setFleetClock, generateRides });
    expect(reachedDuringDeletion).toEqual([]);
    expect((await simulators.getFleetClock(doomed.id)).offsetMs).toBe(0);
  });

  it('when a world that made things is deleted, then the counter of its own ids goes too, here and on the platforms', async () => {
    const res = await w.request.post('/_testbed/tenants').send({ name: 'Flota Contada', fixture: { vehicles: 1, registeredOn: ['platform_b'] } }).expect(201);
    const counter = `ids:${res.body.id}`;
    const counted = () => [w.deps.db, w.net.simulators.db].map((db) => db.prepare('SELECT count(*) FROM counters WHERE name = ?').pluck().get(counter));
    const before = counted();

    await w.request.delete(`/_testbed/tenants/${res.body.id}`).expect(200);

    expect([before, counted()]).toEqual([[1, 1], [0, 0]]);
  });
});
