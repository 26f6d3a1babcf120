import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RIDE_DAY_WRITES_MIGRATION } from '../../../simulators/common/ride-day-writes.ts';
import { FLEET_ROWS } from '../../../simulators/common/fleet-control.ts';
import { HOUR, JPEG, makeSimulators, paDriverBody, paVehicleBody, pbVehicleBody, whatsapp } from './fixtures.ts';

/** A fleet's records are put back by difference (simulators/common/records-difference.ts), and undone exactly. */
describe('fleet snapshots: records by difference', () => {
  /** A fleet with a record in every table: both platforms' vehicles and drivers, a card, bindings, ride days. */
  async function fullFleet(fleetId: string) {
    const sim = makeSimulators();
    const { request, clock } = sim;
    const pa = paVehicleBody({ fleet_id: fleetId });
    const driver = paDriverBody({ fleet_id: fleetId });
    await request.post('/platform-a/v1/vehicles').send(pa).expect(201);
    await request.put(`/platform-a/v1/vehicles/${pa.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG);
    await request.post(`/_control/platform-a/vehicles/${pa.external_id}/review`).send({ verdict: 'approved' }).expect(200);
    await request.post('/platform-a/v1/drivers').send(driver).expect(201);
    await request.post(`/_control/platform-a/drivers/${driver.external_id}/accept`).expect(200);
    clock.advance(12 * HOUR);
    await request.post(`/platform-a/v1/vehicles/${pa.external_id}/drivers`).send({ driver_external_id: driver.external_id }).expect(201);
    const pb = pbVehicleBody({ fleetId });
    await request.post('/platform-b/api/v2/vehicles').send(pb).expect(201);
    await request.put(`/platform-b/api/v2/vehicles/${pb.externalId}/driver`).send({ externalId: driver.external_id, name: 'Ana López', whatsapp: whatsapp() }).expect(201);
    await request.post(`/_control/fleets/${fleetId}/clock`).send({ offsetMs: 2 * HOUR }).expect(200);
    await request.post('/_control/rides/generate').send({ fleetId, from: '2026-02-27', to: '2026-03-01' }).expect(200);
    return { ...sim, pa, pb, driver };
  }
  // Every table of a fleet's records but the bookkeeping (the due index, the count of ride-day writes), all rows of the fleet's.
  const recordsOf = (db: ReturnType<typeof makeSimulators>['db'], fleetId: string) => Object.fromEntries(FLEET_ROWS.filter((r) => !['fleet_due', 'fleet_ride_day_writes'].includes(r.table)).map(({ table }) => {
    const mine = table === 'pb_drivers' ? 'id IN (SELECT driver_id FROM pb_bindings WHERE vehicle_id IN (SELECT id FROM pb_vehicles WHERE fleet_id = @fleet))' : FLEET_ROWS.find((r) => r.table === table)!.where;
    const key = db.prepare('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk').pluck().all(table).join(', ');
    return [table, db.prepare(`SELECT * FROM ${table} WHERE ${mine} ORDER BY ${key}`).all({ fleet: fleetId })];
  }));

  it('when a fleet\'s records changed in every table since its snapshot, then restore brings each back exactly, and undo brings the changes back', async () => {
    const { request, db, pa, pb, driver } = await fullFleet('fleet-r');
    await request.post('/_control/fleets/fleet-r/snapshots/todo').expect(200);
    const saved = recordsOf(db, 'fleet-r');
    // Changed since: two more days of rides, one record of each kind edited or removed, others added.
    await request.post('/_control/fleets/fleet-r/clock').send({ offsetMs: 40 * HOUR }).expect(200);
    await request.post('/_control/rides/generate').send({ fleetId: 'fleet-r', from: '2026-03-02', to: '2026-03-03' }).expect(200);
    await request.delete(`/platform-a/v1/vehicles/${pa.external_id}/drivers/${driver.external_id}`).expect(200);
    await request.delete(`/platform-b/api/v2/vehicles/${pb.externalId}/driver/${driver.external_id}`).expect(200);
    await request.post('/platform-a/v1/drivers').send(paDriverBody({ fleet_id: 'fleet-r' })).expect(201);
    const pa2 = paVehicleBody({ fleet_id: 'fleet-r' });
    await request.post('/platform-a/v1/vehicles').send(pa2).expect(201);
    await request.put(`/platform-a/v1/vehicles/${pa2.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG);
    const pb2 = pbVehicleBody({ fleetId: 'fleet-r' });
    await request.post('/platform-b/api/v2/vehicles').send(pb2).expect(201);
    await request.put(`/platform-b/api/v2/vehicles/${pb2.externalId}/driver`).send({ externalId: 'drv-nuevo', name: 'Eva Ruiz', whatsapp: whatsapp() }).expect(201);
    const changed = recordsOf(db, 'fleet-r');

    await request.post('/_control/fleets/fleet-r/snapshots/todo/restore').expect(200);
    const restored = recordsOf(db, 'fleet-r');
    await request.post('/_control/fleets/fleet-r/undo-restore').expect(200);

    for (const table of Object.keys(saved)) {
      expect(saved[table].length, table).toBeGreaterThan(0);
      expect(changed[table], table).not.toEqual(saved[table]);
      expect(restored[table], table).toEqual(saved[table]);
    }
    expect(recordsOf(db, 'fleet-r')).toEqual(changed);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('when a fleet is restored unchanged, then nothing is written: its change number and due instant stay', async () => {
    const { request, db } = await fullFleet('fleet-q');
    await request.post('/_control/fleets/fleet-q/snapshots/quieta').expect(200);
    const seq = () => db.prepare("SELECT seq FROM fleet_changes WHERE fleet_id = 'fleet-q'").pluck().get();
    const due = () => db.prepare("SELECT due_ms FROM fleet_due WHERE fleet_id = 'fleet-q'").pluck().get();
    const [seqBefore, dueBefore] = [seq(), due()];

    const restored = (await request.post('/_control/fleets/fleet-q/snapshots/quieta/restore').expect(200)).body;

    expect(seqBefore).toBeGreaterThan(0);
    expect(dueBefore).toBeGreaterThan(0);
    expect(restored.seq).toBe(seqBefore);
    expect([seq(), due()]).toEqual([seqBefore, dueBefore]);
    // Changed (its clock alone, which no change number counts), it is due again at once.
    await request.post('/_control/fleets/fleet-q/clock').send({ offsetMs: 30 * HOUR }).expect(200);
    // Marked far ahead, as if nothing would fall due: only a restore that marks it due has it visited.
    db.prepare("UPDATE fleet_due SET due_ms = 9e15 WHERE fleet_id = 'fleet-q'").run();
    await request.post('/_control/fleets/fleet-q/snapshots/quieta/restore').expect(200);
    expect(due()).not.toBe(9e15);
  });

  it('when due work changed a record the restore kept before the undo came, then the undo brings it back too: the fleet is as before the restore', async () => {
    const { request, db, clock } = makeSimulators();
    const vehicle = paVehicleBody({ fleet_id: 'fleet-u' });
    const status = () => db.prepare('SELECT status FROM pa_vehicles WHERE external_id = ?').pluck().get(vehicle.external_id);
    const offset = () => db.prepare("SELECT offset_ms FROM fleet_clocks WHERE fleet_id = 'fleet-u'").pluck().get() ?? 0;
    await request.post('/_control/fleets/fleet-u/clock').send({ offsetMs: 20 * HOUR }).expect(200);
    await request.post('/platform-a/v1/vehicles').send(vehicle).expect(201);
    await request.put(`/platform-a/v1/vehicles/${vehicle.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG).expect(202);
    const { review_ends_at: endsAt, updated_at: sentAt } = db.prepare('SELECT * FROM pa_vehicles WHERE external_id = ?').get(vehicle.external_id) as { review_ends_at: number; updated_at: number };
    await request.post('/_control/fleets/fleet-u/snapshots/c').expect(200);
    // Its clock 20 h back and the service's on by the review's length and an hour: the review still runs.
    await request.post('/_control/fleets/fleet-u/clock').send({ offsetMs: 0 }).expect(200);
    clock.advance(endsAt - sentAt + HOUR);
    await request.get('/_control/fleets/changed').expect(200);
    const before = { status: status(), offset: offset() };

    // The copy's clock, 20 h ahead: the due work run after the restore ends the review of the vehicle it kept.
    await request.post('/_control/fleets/fleet-u/snapshots/c/restore').expect(200);
    const restored = { status: status(), offset: offset() };
    await request.post('/_control/fleets/fleet-u/undo-restore').expect(200);

    expect(before).toEqual({ status: 'pending', offset: 0 });
    expect(restored).toEqual({ status: 'approved', offset: 20 * HOUR });
    expect({ status: status(), offset: offset() }).toEqual(before);
  });

  /** A fleet of one platform_b vehicle with two days of rides, saved under `name`; `moreDays` drives three more. */
  async function fleetWithTwoDays(fleetId: string, name: string) {
    const sim = makeSimulators();
    const days = () => sim.db.prepare('SELECT * FROM pb_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms').all(fleetId);
    await sim.request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId })).expect(201);
    await sim.request.post('/_control/rides/generate').send({ fleetId, from: '2026-02-25', to: '2026-02-26' }).expect(200);
    await sim.request.post(`/_control/fleets/${fleetId}/snapshots/${name}`).expect(200);
    const moreDays = () => sim.request.post('/_control/rides/generate').send({ fleetId, from: '2026-02-27', to: '2026-03-01' }).expect(200);
    return { ...sim, days, saved: days(), moreDays };
  }

  it('when a restore left the ride days unread, then its undo takes back nothing of the restore before it', async () => {
    const { request, days, saved, moreDays } = await fleetWithTwoDays('fleet-v', 'k');
    await moreDays();
    // The first restore drops the days since; the second finds them the copy's and leaves them.
    await request.post('/_control/fleets/fleet-v/snapshots/k/restore').expect(200);
    await request.post('/_control/fleets/fleet-v/snapshots/k/restore').expect(200);

    await request.post('/_control/fleets/fleet-v/undo-restore').expect(200);

    expect(days()).toEqual(saved);
  });

  /** A file for a whole state of the platforms, in a directory removed when the test ends. */
  const stateFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-state-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'platforms.db');
  };

  it('when there is no restore to take back (none yet, undone already, its copy deleted, saved again or gone with a whole restore), then undo is 409 and changes nothing', async () => {
    const { request, days, moreDays } = await fleetWithTwoDays('fleet-n', 'k');
    const undo = () => request.post('/_control/fleets/fleet-n/undo-restore');
    const restoreThenMore = async () => {
      await request.post('/_control/fleets/fleet-n/snapshots/k/restore').expect(200);
      await moreDays();
    };
    const statuses: number[] = [(await undo()).status];
    await restoreThenMore();
    statuses.push((await undo()).status, (await undo()).status);
    await restoreThenMore();
    await request.post('/_control/fleets/fleet-n/snapshots/k').expect(200);
    statuses.push((await undo()).status);
    await restoreThenMore();
    await request.delete('/_control/fleets/fleet-n/snapshots/k').expect(200);
    statuses.push((await undo()).status);
    await request.post('/_control/fleets/fleet-n/snapshots/k').expect(200);
    await restoreThenMore();
    const file = stateFile();
    await request.post('/_control/state/save').send({ file }).expect(200);
    await request.post('/_control/state/restore').send({ file }).expect(200);
    const afterWhole = days();
    statuses.push((await undo()).status);

    expect(statuses).toEqual([409, 200, 409, 409, 409, 409]);
    expect(days()).toEqual(afterWhole);
  });

  it('when the platforms are asked to restore a whole state of another schema, then they refuse (409) before letting anything go: a fleet snapshot still restores', async () => {
    const { request, days, saved, moreDays } = await fleetWithTwoDays('fleet-o', 'k');
    const file = stateFile();
    await request.post('/_control/state/save').send({ file }).expect(200);
    const fitsBefore = (await request.post('/_control/state/fits').send({ file }).expect(200)).body;
    const old = new Database(file);
    old.exec(`DROP TABLE fleet_ride_day_writes; DELETE FROM schema_migrations WHERE version = ${RIDE_DAY_WRITES_MIGRATION.version};`);
    old.close();
    await moreDays();

    const fitsAfter = (await request.post('/_control/state/fits').send({ file }).expect(200)).body;
    const refused = await request.post('/_control/state/restore').send({ file });

    expect([fitsBefore, fitsAfter]).toEqual([{ fits: true }, { fits: false }]);
    expect(refused.status).toBe(409);
    await request.post('/_control/fleets/fleet-o/snapshots/k/restore').expect(200);
    expect(days()).toEqual(saved);
  });

  it('when a fleet\'s ride days took no write since they were a copy\'s, then a restore of that copy leaves them unread; of another copy, or once written, it compares them', async () => {
    const { request, db, days, saved: uno, moreDays } = await fleetWithTwoDays('fleet-w', 'uno');
    const writes = () => db.prepare("SELECT n FROM fleet_ride_day_writes WHERE fleet_id = 'fleet-w'").pluck().get() as number;
    await moreDays();
    await request.post('/_control/fleets/fleet-w/snapshots/dos').expect(200);
    const dos = days();
    // A write the count does not see (the product never writes ride days so): only a comparison would find it.
    const unseenWrite = () => {
      const before = writes();
      db.prepare("UPDATE pb_ride_days SET from_ms = from_ms WHERE fleet_id = 'fleet-w'").run();
      db.prepare("DELETE FROM pb_ride_days WHERE fleet_id = 'fleet-w' AND service_date = '2026-02-25'").run();
      db.prepare("UPDATE fleet_ride_day_writes SET n = ? WHERE fleet_id = 'fleet-w'").run(before);
    };

    await request.post('/_control/fleets/fleet-w/snapshots/uno/restore').expect(200);
    const otherCopy = days();
    unseenWrite();
    const thinned = days();
    await request.post('/_control/fleets/fleet-w/snapshots/uno/restore').expect(200);
    const trusted = days();
    db.prepare("UPDATE pb_ride_days SET from_ms = from_ms WHERE fleet_id = 'fleet-w' AND service_date = '2026-02-26'").run();
    await request.post('/_control/fleets/fleet-w/snapshots/uno/restore').expect(200);

    expect(dos.length).toBeGreaterThan(uno.length);
    expect(otherCopy).toEqual(uno);
    expect(thinned.length).toBeLessThan(uno.length);
    expect(trusted).toEqual(thinned);
    expect(days()).toEqual(uno);
  });

  it('when a fleet\'s ride days changed since its snapshot, then restore brings them back exactly, undo brings the changes back, and another fleet keeps its own', async () => {
    const { request, db } = makeSimulators();
    const days = (fleetId: string) => ['pa', 'pb'].flatMap((p) =>
      db.prepare(`SELECT * FROM ${p}_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms`).all(fleetId));
    const kept = pbVehicleBody({ fleetId: 'fleet-a' });
    await request.post('/platform-b/api/v2/vehicles').send(kept);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-b' }));
    await request.post('/_control/rides/generate').send({ fleetId: 'fleet-a', from: '2026-02-25', to: '2026-03-01' }).expect(200);
    await request.post('/_control/fleets/fleet-a/snapshots/uno').expect(200);
    const saved = days('fleet-a');
    // Changed since: its clock moved two days (new days, today's day finished), a second vehicle drives, the first one left.
    await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 50 * HOUR }).expect(200);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-a' }));
    await request.delete(`/platform-b/api/v2/vehicles/${kept.externalId}`);
    const changed = days('fleet-a');
    const other = days('fleet-b');

    await request.post('/_control/fleets/fleet-a/snapshots/uno/restore').expect(200);
    const restored = days('fleet-a');
    await request.post('/_control/fleets/fleet-a/undo-restore').expect(200);

    expect(saved.length).toBeGreaterThan(5);
    expect(changed).not.toEqual(saved);
    expect(restored).toEqual(saved);
    expect(days('fleet-a')).toEqual(changed);
    expect(days('fleet-b')).toEqual(other);
  });
  it('when some of a fleet\'s ride days are gone and none changed, then restore inserts just those, and undo takes them out again', async () => {
    const { request, db } = makeSimulators();
    const days = () => db.prepare('SELECT * FROM pb_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms').all('fleet-c');
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-c' }));
    await request.post('/_control/rides/generate').send({ fleetId: 'fleet-c', from: '2026-02-25', to: '2026-03-01' }).expect(200);
    await request.post('/_control/fleets/fleet-c/snapshots/dos').expect(200);
    const saved = days();
    db.prepare("DELETE FROM pb_ride_days WHERE fleet_id = 'fleet-c' AND service_date <= '2026-02-26'").run();
    const thinned = days();

    await request.post('/_control/fleets/fleet-c/snapshots/dos/restore').expect(200);
    const restored = days();
    await request.post('/_control/fleets/fleet-c/undo-restore').expect(200);

    expect(thinned.length).toBeLessThan(saved.length);
    expect(thinned.length).toBeGreaterThan(0);
    expect(restored).toEqual(saved);
    expect(days()).toEqual(thinned);
  });
});

/** The copies in a file of their own (simulators/main.ts), which a process serve starts in place of one that died opens again. */
describe('fleet snapshots kept in a file', () => {
  function vaultFile() {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-vault-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    return join(dir, 'world-snapshots.platforms.db');
  }

  it('when the process that saved them is replaced, then the next one restores them, a fleet with no records (an empty copy) too', async () => {
    const file = vaultFile();
    const before = makeSimulators(42, file);
    const pb = pbVehicleBody({ fleetId: 'fleet-lleno' });
    await before.request.post('/platform-b/api/v2/vehicles').send(pb).expect(201);
    await before.request.post('/_control/fleets/fleet-lleno/snapshots/inicio').expect(200);
    await before.request.post('/_control/fleets/fleet-vacio/snapshots/inicio').expect(200);
    before.db.close();

    const after = makeSimulators(42, file);

    await after.request.post('/_control/fleets/fleet-lleno/snapshots/inicio/restore').expect(200);
    await after.request.post('/_control/fleets/fleet-vacio/snapshots/inicio/restore').expect(200);
    expect(after.db.prepare('SELECT COUNT(*) FROM pb_vehicles WHERE fleet_id = ?').pluck().get('fleet-lleno')).toBe(1);
    await after.request.post('/_control/fleets/fleet-otro/snapshots/inicio/restore').expect(404);
  });

  it('when a copy was deleted before the process was replaced, then the next one does not have it', async () => {
    const file = vaultFile();
    const before = makeSimulators(42, file);
    await before.request.post('/_control/fleets/fleet-x/snapshots/inicio').expect(200);
    await before.request.delete('/_control/fleets/fleet-x/snapshots/inicio').expect(200);
    before.db.close();

    await makeSimulators(42, file).request.post('/_control/fleets/fleet-x/snapshots/inicio/restore').expect(404);
  });

  it('when the file cannot be read (damaged), then the process starts all the same, with no copies, and saves anew', async () => {
    const file = vaultFile();
    writeFileSync(file, 'esto no es una base de datos SQLite, aunque lo parezca por su nombre');

    const sim = makeSimulators(42, file);

    await sim.request.post('/_control/fleets/fleet-y/snapshots/inicio/restore').expect(404);
    await sim.request.post('/_control/fleets/fleet-y/snapshots/inicio').expect(200);
    await sim.request.post('/_control/fleets/fleet-y/snapshots/inicio/restore').expect(200);
  });
});
