import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { vinTakenSinceSnapshot } from '../support/snapshot-clash.ts';
import { jobFixtures } from '../support/jobs-fixtures.ts';
import { advanceClock } from '../../server/clock/service.ts';
import { DAY, HOUR } from '../support/fleet-fixtures.ts';
import { mexicoCityDate } from '../../server/lib/mexico-city.ts';
import { TENANT_ROWS } from '../../server/tenants/purge.ts';
import { WORLD_ROWS } from '../../server/world-snapshots/world-rows.ts';

/** World snapshots through their service, the world's own traffic through the API (supertest). */
describe('world snapshots: one world rewound while the others go on', () => {
  const w = useWorld();
  const f = fleetFixtures(w);
  const jobs = jobFixtures(w);
  const snapshots = () => w.services.worldSnapshots;
  const { fixtureWorld, vehicleCount } = fixtureWorlds(w);

  it('when a world is restored, then its rows, platform records and clock are as at the snapshot, and another world keeps what it did meanwhile', async () => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true });
    const b = w.newTenant();
    const saved = await snapshots().save(a.tenant.id, 'inicio');
    const viewBefore = await w.net.control.platformView('platform_b');
    const nowBefore = w.deps.clocks.forTenant(a.tenant.id).now().toISOString();

    const extra = await f.vehicle(a.auth);
    await f.registerOnB(a.auth, extra);
    await w.request.delete(`/v1/assignments/${a.ids.assignmentIds[0]}`).set(a.auth);
    await advanceClock(w.deps, w.services, 5 * HOUR, a.tenant.id);
    const bVehicle = await f.vehicle(b.auth);

    const restored = await snapshots().restore(a.tenant.id, 'inicio');

    expect(saved).toMatchObject({ name: 'inicio', tenant: a.tenant.id, createdAt: nowBefore });
    expect(saved.sizeBytes).toBeGreaterThan(0);
    expect(restored).toEqual({ name: 'inicio', now: nowBefore, notSynced: [] });
    expect(await vehicleCount(a.auth)).toBe(2);
    const assignment = (await w.request.get(`/v1/assignments/${a.ids.assignmentIds[0]}`).set(a.auth).expect(200)).body;
    expect(assignment).toMatchObject({ status: 'active', platformSync: 'synced' });
    expect(await w.net.control.platformView('platform_b')).toEqual(viewBefore);
    expect((await w.request.get(`/v1/vehicles/${bVehicle}`).set(b.auth)).status).toBe(200);
  });

  it('when a snapshot is deleted while a restore of it is queued, then the restore goes first, with its copy, and the delete after', async () => {
    const a = await fixtureWorld({ vehicles: 2, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'cola');
    await f.vehicle(a.auth);

    const restoring = snapshots().restore(a.tenant.id, 'cola');
    const deleting = snapshots().remove(a.tenant.id, 'cola');

    await expect(restoring).resolves.toMatchObject({ name: 'cola' });
    await expect(deleting).resolves.toEqual({ name: 'cola', deleted: true });
    expect(await vehicleCount(a.auth)).toBe(2);
    expect(snapshots().list(a.tenant.id)).toEqual([]);
  });

  /** The tables a restore puts back by difference (world-snapshots/row-difference.ts): a world's rows, one edit, one removal. */
  type Row = Record<string, any>;
  const byDifference: { table: string; rows: (tenantId: string) => Row[]; edit: (r: Row) => void; remove: (r: Row) => void }[] = [
    {
      table: 'rides',
      rows: (tenantId) => w.deps.db.prepare('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id').all(tenantId) as Row[],
      edit: (r) => void w.deps.db.prepare('UPDATE rides SET gross_cents = gross_cents + 100 WHERE feed = ? AND id = ?').run(r.feed, r.id),
      remove: (r) => void w.deps.db.prepare('DELETE FROM rides WHERE feed = ? AND id = ?').run(r.feed, r.id),
    },
    {
      table: 'daily_earnings',
      rows: (tenantId) => w.deps.db.prepare('SELECT * FROM daily_earnings WHERE tenant_id = ? ORDER BY id').all(tenantId) as Row[],
      edit: (r) => void w.deps.db.prepare('UPDATE daily_earnings SET net_cents = net_cents + 100 WHERE id = ?').run(r.id),
      remove: (r) => void w.deps.db.prepare('DELETE FROM daily_earnings WHERE id = ?').run(r.id),
    },
  ];

  it.each(byDifference.map((t) => [t.table, t] as const))('when a world\'s %s changed since its snapshot (one edited, one gone, new days), then restore brings back exactly the saved rows; another world keeps its own', async (_table, { rows, edit, remove }) => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 2 });
    const b = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'], rideDays: 1 });
    await snapshots().save(a.tenant.id, 'cambios');
    const saved = rows(a.tenant.id);
    const [first, second] = saved;
    edit(first);
    remove(second);
    await advanceClock(w.deps, w.services, 30 * HOUR, a.tenant.id);
    const changed = rows(a.tenant.id);
    const other = rows(b.tenant.id);

    await snapshots().restore(a.tenant.id, 'cambios');

    expect(saved.length).toBeGreaterThan(2);
    expect(changed.length).not.toBe(saved.length);
    expect(rows(a.tenant.id)).toEqual(saved);
    expect(rows(b.tenant.id)).toEqual(other);
    expect(w.deps.db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // Only one gone (none to drop, one missing): it comes back too.
    remove(first);
    await snapshots().restore(a.tenant.id, 'cambios');
    expect(rows(a.tenant.id)).toEqual(saved);
  });

  /** Every table of a world (the purge's list; `WORLD_ROWS`: but its history), its rows in key order. */
  const tablesOf = (tenantId: string, rows = WORLD_ROWS) => Object.fromEntries(rows.map(({ table, where }) => {
    const key = w.deps.db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(table).join(', ');
    return [table, w.deps.db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${key}`).all({ tenant: tenantId })];
  }));
  // Rows this connection wrote, ever (the tests' app holds the copies on the API's own connection).
  const rowsWritten = () => w.deps.db.prepare('SELECT total_changes()').pluck().get() as number;

  it('when a world changed in its other tables since its snapshot, then each is back exactly; an unchanged world\'s restore writes no row', async () => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 1 });
    await snapshots().save(a.tenant.id, 'tablas');
    const saved = tablesOf(a.tenant.id);
    const history = TENANT_ROWS.filter((r) => r.table === 'transition_counts');
    const countsSaved = tablesOf(a.tenant.id, history);
    const before = rowsWritten();
    await snapshots().restore(a.tenant.id, 'tablas');
    const written = rowsWritten() - before;
    // A vehicle, driver and assignment changed, removed or added; a key made; coverage counted.
    await w.request.delete(`/v1/assignments/${a.ids.assignmentIds[0]}`).set(a.auth).expect(200);
    await f.registerOnB(a.auth, await f.vehicle(a.auth));
    await f.driver(a.auth);
    w.deps.db.prepare("UPDATE vehicles SET notes = 'editado' WHERE id = ?").run(a.ids.vehicleIds[1]);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/keys`).send({}).expect(201);
    const changed = tablesOf(a.tenant.id);
    const countsChanged = tablesOf(a.tenant.id, history);

    await snapshots().restore(a.tenant.id, 'tablas');
    const countsAfter = tablesOf(a.tenant.id, history);

    expect(written).toBe(0);
    expect(Object.keys(saved).filter((t) => JSON.stringify(changed[t]) !== JSON.stringify(saved[t]))).toEqual(
      expect.arrayContaining(['assignments', 'assignment_bindings', 'vehicles', 'vehicle_registrations', 'drivers', 'api_keys']));
    expect(tablesOf(a.tenant.id)).toEqual(saved);
    // Its history stays as the test left it: what the test's transitions counted is still counted.
    expect(countsAfter).toEqual(countsChanged);
    expect(countsChanged).not.toEqual(countsSaved);
    expect(w.deps.db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('when a world goes back to before its rides, another world gets rides, and the first goes forward again, then its rides come back (a feed number is never given twice)', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const b = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const ridesOf = (tenantId: string) => w.deps.db.prepare('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id').all(tenantId);
    const today = w.deps.clocks.forTenant(a.tenant.id).now().toISOString().slice(0, 10);
    const daysBefore = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    const yesterday = daysBefore(1);
    await snapshots().save(a.tenant.id, 'antes');
    await w.services.generateRides({ tenantId: a.tenant.id, from: daysBefore(5), to: yesterday });
    await snapshots().save(a.tenant.id, 'despues');
    const later = ridesOf(a.tenant.id);
    await snapshots().restore(a.tenant.id, 'antes');
    await w.services.generateRides({ tenantId: b.tenant.id, from: daysBefore(5), to: yesterday });

    await snapshots().restore(a.tenant.id, 'despues');

    expect(later.length).toBeGreaterThan(0);
    expect(ridesOf(a.tenant.id)).toEqual(later);
    expect(ridesOf(b.tenant.id).length).toBeGreaterThan(0);
  });

  it.each(byDifference.map((t) => [t.table, t] as const))('when the ingestion wrote none of a world\'s %s since its snapshot, then its restore trusts the feeds\' numbers and looks none up; once it wrote, every row is compared', async (_table, { rows, edit }) => {
    const a = await fixtureWorld({ vehicles: 2, registeredOn: ['platform_b'], rideDays: 2 });
    const written = () => w.deps.db.prepare('SELECT written FROM ride_feeds WHERE tenant_id = ? ORDER BY id').pluck().all(a.tenant.id) as number[];
    await snapshots().save(a.tenant.id, 'numeros');
    const saved = rows(a.tenant.id);
    const feedsAtSave = written();
    // Outside the ingestion (the product never writes them so): no feed's number moves.
    edit(saved[0]);
    const edited = rows(a.tenant.id)[0];

    await snapshots().restore(a.tenant.id, 'numeros');
    const trusted = rows(a.tenant.id)[0];
    edit(saved[0]);
    await advanceClock(w.deps, w.services, 30 * HOUR, a.tenant.id);
    const afterIngestion = written();
    await snapshots().restore(a.tenant.id, 'numeros');

    expect(feedsAtSave.length).toBeGreaterThan(0);
    expect(feedsAtSave.every((n) => n > 0)).toBe(true);
    expect(edited).not.toEqual(saved[0]);
    expect(trusted).toEqual(edited);
    expect(afterIngestion).not.toEqual(feedsAtSave);
    expect(rows(a.tenant.id)).toEqual(saved);
    expect(written()).toEqual(feedsAtSave);
  });

  it('when another world took a VIN of the snapshot since, then restore answers 409 naming it and nothing is restored', async () => {
    const { a, vehicleId, vin } = await vinTakenSinceSnapshot(w, f, 'con-vin');
    await f.vehicle(a.auth);

    const err = await snapshots().restore(a.tenant.id, 'con-vin').catch((e: unknown) => e);

    expect(err).toMatchObject({ code: 'CONFLICT', status: 409, details: [{ field: 'vin', value: vin }] });
    expect((err as Error).message).toContain(vin);
    expect(await vehicleCount(a.auth)).toBe(2);
    expect((await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth)).body.vin).toBeNull();
  });

  it('when a world is restored while its own and another world\'s requests arrive, then every request is answered, its own after the restore', async () => {
    const a = await fixtureWorld({ vehicles: 3 });
    const b = await fixtureWorld({ vehicles: 1 });
    await snapshots().save(a.tenant.id, 'tres');
    await f.vehicle(a.auth);

    const restore = snapshots().restore(a.tenant.id, 'tres');
    const [own, other] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => vehicleCount(a.auth))),
      Promise.all(Array.from({ length: 5 }, () => w.request.get(`/v1/vehicles/${b.ids.vehicleIds[0]}`).set(b.auth).then((r) => r.status))),
      restore,
    ]);

    expect(own).toEqual([3, 3, 3, 3, 3]);
    expect(other).toEqual([200, 200, 200, 200, 200]);
  });

  it('when a world\'s advance is asked for while its restore runs, then it waits and moves the restored clock: the world stands where the advance said', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const saved = await snapshots().save(a.tenant.id, 'reloj');
    await advanceClock(w.deps, w.services, 2 * HOUR, a.tenant.id);

    const restoring = snapshots().restore(a.tenant.id, 'reloj');
    // The restore has its world's gate by the next turn of the event loop (an advance asked for in the
    // same turn is a request already under way, which the restore waits for: the test below).
    await new Promise((resolve) => setImmediate(resolve));
    const advancing = advanceClock(w.deps, w.services, DAY, a.tenant.id);
    const [restored, advanced] = await Promise.all([restoring, advancing]);

    expect(restored.now).toBe(saved.createdAt);
    expect(advanced.now).toBe(new Date(Date.parse(saved.createdAt) + DAY).toISOString());
    expect(w.deps.clocks.forTenant(a.tenant.id).now().toISOString()).toBe(advanced.now);
  });

  it('when a world\'s restore is asked for while its advance runs, then the restore waits for it and rewinds it: its answer is the snapshot\'s time, and so is the world\'s', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const saved = await snapshots().save(a.tenant.id, 'reloj');

    const advancing = advanceClock(w.deps, w.services, DAY, a.tenant.id);
    const restoring = snapshots().restore(a.tenant.id, 'reloj');
    const [advanced, restored] = await Promise.all([advancing, restoring]);

    expect(advanced.now).toBe(new Date(Date.parse(saved.createdAt) + DAY).toISOString());
    expect(restored.now).toBe(saved.createdAt);
    expect(w.deps.clocks.forTenant(a.tenant.id).now().toISOString()).toBe(saved.createdAt);
  });

  it('when a world with a job under way is restored, then the job is as at the snapshot and goes on to the end', async () => {
    const fleet = w.newTenant();
    const ids = [jobs.vehicle(fleet).id, jobs.vehicle(fleet).id];
    const submitted = (await jobs.batch(fleet.auth, { platform: 'platform_a', vehicleIds: ids }).expect(202)).body;
    await snapshots().save(fleet.tenant.id, 'lote');
    await w.services.jobs.runUntilIdle();
    expect((await jobs.getJob(fleet.auth, submitted.jobId)).body.status).toBe('completed');

    await snapshots().restore(fleet.tenant.id, 'lote');

    expect((await jobs.getJob(fleet.auth, submitted.jobId)).body).toMatchObject({ status: 'pending', processed: 0 });
    expect(ids.map((id) => jobs.onPlatformA(id))).toEqual([0, 0]);
    await w.services.jobs.runUntilIdle();
    expect((await jobs.getJob(fleet.auth, submitted.jobId)).body.status).toBe('completed');
    expect(ids.map((id) => jobs.registration(id, 'platform_a'))).toEqual(['pending', 'pending']);
    expect(ids.map((id) => jobs.onPlatformA(id))).toEqual([1, 1]);
  });

  it('when the platforms cannot restore, then the call fails 503 and the world here is left as it was', async () => {
    const a = await fixtureWorld({ vehicles: 2, registeredOn: ['platform_b'] });
    await snapshots().save(a.tenant.id, 'dos');
    await f.vehicle(a.auth);
    w.net.platformDown('control');

    await expect(snapshots().restore(a.tenant.id, 'dos')).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', status: 503 });

    expect(await vehicleCount(a.auth)).toBe(3);
  });

  it('when the platforms undo a fleet\'s restore, then its records are as just before it', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    await w.net.control.saveFleet(a.tenant.id, 'uno');
    const extra = await f.vehicle(a.auth);
    await f.registerOnB(a.auth, extra);
    const before = await w.net.control.platformView('platform_b');

    await w.net.control.restoreFleet(a.tenant.id, 'uno');
    const restored = await w.net.control.platformView('platform_b');
    await w.net.control.undoFleetRestore(a.tenant.id);

    expect(restored.vehicles.map((v) => v.externalId)).not.toContain(extra);
    expect(await w.net.control.platformView('platform_b')).toEqual(before);
  });

  it('when snapshots are saved at one world time, and one after a restore rewound the clock, then the list is the last saved first (a name saved again moves up)', async () => {
    const fleet = w.newTenant();
    for (const name of ['zeta', 'alfa', 'mid']) await snapshots().save(fleet.tenant.id, name);
    const frozen = snapshots().list(fleet.tenant.id).map((s) => s.name);
    await advanceClock(w.deps, w.services, HOUR, fleet.tenant.id);
    await snapshots().save(fleet.tenant.id, 'despues');
    await snapshots().restore(fleet.tenant.id, 'zeta');
    await snapshots().save(fleet.tenant.id, 'tras-restaurar');
    await snapshots().save(fleet.tenant.id, 'alfa');

    expect(frozen).toEqual(['mid', 'alfa', 'zeta']);
    expect(snapshots().list(fleet.tenant.id).map((s) => s.name)).toEqual(['alfa', 'tras-restaurar', 'despues', 'mid', 'zeta']);
  });

  it('when a save and a restore wait behind the world\'s deletion, then both answer 404 for the tenant, and no copy is left listed', async () => {
    const fleet = w.newTenant();
    await snapshots().save(fleet.tenant.id, 's1');
    let release: (() => void) | undefined;
    // Something of the world under way (a request, a change): what comes next queues behind it.
    const busy = w.services.tenantGates.exclusive(fleet.tenant.id, () => new Promise<void>((resolve) => (release = resolve)));
    while (release === undefined) await new Promise((resolve) => setImmediate(resolve));
    const deleted = w.services.worldDeletion.one(fleet.tenant.id);
    const saved = snapshots().save(fleet.tenant.id, 'fantasma').catch((err: unknown) => err);
    const restored = snapshots().restore(fleet.tenant.id, 's1').catch((err: unknown) => err);

    release!();
    await busy;
    await deleted;

    const gone = { code: 'NOT_FOUND', message: `El tenant ${fleet.tenant.id} no existe en este testbed.` };
    expect(await saved).toMatchObject(gone);
    expect(await restored).toMatchObject(gone);
    expect(snapshots().worldsHolding('fantasma')).toEqual([]);
  });

  it('when the service time moved after the save (a service-wide advance), then the restored world stands that much later, and the days it went through have their rides and earnings when the restore answers', async () => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 2 });
    const saved = await snapshots().save(a.tenant.id, 'antes');
    await advanceClock(w.deps, w.services, 3 * DAY);

    const restored = await snapshots().restore(a.tenant.id, 'antes');

    expect(Date.parse(restored.now)).toBe(Date.parse(saved.createdAt) + 3 * DAY);
    expect(restored.notSynced).toEqual([]);
    const from = mexicoCityDate(Date.parse(saved.createdAt) + DAY);
    const to = mexicoCityDate(Date.parse(saved.createdAt) + 2 * DAY);
    const days = (await w.request.get('/v1/earnings/daily').set(a.auth).query({ platform: 'platform_b', from, to }).expect(200)).body.data;
    expect(new Set(days.map((d: { date: string }) => d.date))).toEqual(new Set([from, to]));
  });

  it('when the service time moved after the save and the world\'s platform fails for it, then the restore answers what it could not read, and the days come with a sync once the fault is gone', async () => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 2 });
    const saved = await snapshots().save(a.tenant.id, 'antes');
    await advanceClock(w.deps, w.services, 2 * DAY);
    await w.request.post(`/_testbed/tenants/${a.tenant.id}/faults`).send({ platform: 'platform_b', mode: 'error' }).expect(200);
    const dayGone = mexicoCityDate(Date.parse(saved.createdAt) + DAY);
    const daysOf = async () => (await w.request.get('/v1/earnings/daily').set(a.auth).query({ platform: 'platform_b', from: dayGone, to: dayGone }).expect(200)).body.data;

    const restored = await w.request.post(`/_testbed/tenants/${a.tenant.id}/snapshots/antes/restore`).expect(200);

    expect(restored.body.notSynced).toEqual([{ task: 'rides', tenant: a.tenant.id, message: expect.stringContaining('platform_b') }]);
    expect(await daysOf()).toEqual([]);
    await w.request.delete(`/_testbed/tenants/${a.tenant.id}/faults`).expect(200);
    await w.request.post('/_testbed/sync').query({ tenant: a.tenant.id }).expect(200);
    expect((await daysOf()).length).toBeGreaterThan(0);
  });

  it('when the service time moved after the save, then the restored world\'s rides and daily rows are those the world had at that instant, platform_b\'s still-settling amounts included, with no sync after it', async () => {
    const a = await fixtureWorld({ vehicles: 3, drivers: 3, registeredOn: ['platform_b'], assigned: true, rideDays: 12 });
    const stored = () => ({
      rides: w.deps.db.prepare('SELECT * FROM rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?) ORDER BY feed, id').all(a.tenant.id),
      daily: w.deps.db.prepare('SELECT id, date, driver_id, trips, gross_cents, net_cents, online_chours FROM daily_earnings WHERE tenant_id = ? ORDER BY id').all(a.tenant.id),
    });
    const atSave = stored();
    await snapshots().save(a.tenant.id, 'antes');
    await advanceClock(w.deps, w.services, 2 * DAY);
    const moved = stored();

    await snapshots().restore(a.tenant.id, 'antes');

    // The advance changed amounts of days saved before it (platform_b settles for 16 days): the case at stake.
    const key = (r: unknown) => JSON.stringify(r);
    const changed = (moved.rides as { id: Buffer }[]).filter((r) => !(atSave.rides as unknown[]).map(key).includes(key(r))
      && (atSave.rides as { id: Buffer }[]).some((s) => s.id.equals(r.id)));
    expect(changed.length).toBeGreaterThan(0);
    expect(stored()).toEqual(moved);
  });

  it('when names are bad or unknown, then 400 and 404 in Spanish; list is newest first; delete forgets one', async () => {
    const fleet = w.newTenant();
    await expect(snapshots().save(fleet.tenant.id, 'Mal Nombre')).rejects.toMatchObject({ code: 'VALIDATION', status: 400 });
    await expect(snapshots().restore(fleet.tenant.id, 'nunca')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'La instantánea «nunca» de este mundo no existe: no se guardó con ese nombre, se borró, o la quitó un reinicio de serve, un reset o la restauración de una instantánea de todo el testbed (las de un mundo duran lo que dura serve).' });
    await expect(snapshots().save('00000000-0000-4000-8000-000000000000', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await snapshots().save(fleet.tenant.id, 'uno');
    await advanceClock(w.deps, w.services, HOUR, fleet.tenant.id);
    await snapshots().save(fleet.tenant.id, 'dos');

    expect(snapshots().list(fleet.tenant.id).map((s) => s.name)).toEqual(['dos', 'uno']);
    expect(await snapshots().remove(fleet.tenant.id, 'uno')).toEqual({ name: 'uno', deleted: true });
    expect(snapshots().list(fleet.tenant.id).map((s) => s.name)).toEqual(['dos']);
    await expect(snapshots().restore(fleet.tenant.id, 'uno')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

/** The put-back of rides and daily rows by the keys found first (row-difference.ts), and its fallback. */
describe('world snapshots: rides written since the snapshot', () => {
  const w = useWorld();

  it.each([
    ['changed and added (an advance)', false],
    ['changed, added and one lost', true],
  ])('when since its snapshot a world\'s rides were %s, then its restore puts back exactly the copy\'s rides and daily rows', async (_how, lose) => {
    const a = await fixtureWorlds(w).fixtureWorld({ vehicles: 2, registeredOn: ['platform_a', 'platform_b'], rideDays: 3 });
    const db = w.deps.db;
    const ofWorld = 'feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)';
    const ridesOf = () => db.prepare(`SELECT * FROM rides WHERE ${ofWorld} ORDER BY feed, id`).all(a.tenant.id);
    const dailyOf = () => db.prepare('SELECT * FROM daily_earnings WHERE tenant_id = ? ORDER BY id').all(a.tenant.id);
    await w.services.worldSnapshots.save(a.tenant.id, 'inicio');
    const [rides, daily] = [ridesOf(), dailyOf()];
    await advanceClock(w.deps, w.services, 2 * DAY, a.tenant.id);
    // A saved ride changed in place (as platform_b's settling amounts are), and perhaps one gone.
    db.prepare(`UPDATE rides SET gross_cents = gross_cents + 1 WHERE ${ofWorld} AND id = (SELECT min(id) FROM rides WHERE ${ofWorld})`).run(a.tenant.id, a.tenant.id);
    if (lose) db.prepare(`DELETE FROM rides WHERE ${ofWorld} AND id = (SELECT max(id) FROM rides WHERE ${ofWorld} AND started_at_ms < ?)`).run(a.tenant.id, a.tenant.id, w.deps.clocks.forTenant(a.tenant.id).nowMs() - 2 * DAY);
    const moved = ridesOf();

    await w.services.worldSnapshots.restore(a.tenant.id, 'inicio');

    expect(moved.length).toBeGreaterThan(rides.length);
    expect(ridesOf()).toEqual(rides);
    expect(dailyOf()).toEqual(daily);
  });
});
