import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { threadRows, type RowsKeeper } from '../../server/world-snapshots/rows-keeper.ts';
import { createWorldSnapshots } from '../../server/world-snapshots/service.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';
import { fixtureWorlds } from '../support/fixture-worlds.ts';

// Node has it; the project's lib (ES2022) does not declare it.
const { waitAsync } = Atomics as unknown as { waitAsync(slots: Int32Array, index: number, value: number): { value: Promise<string> | string } };

/**
 * World snapshots on a database file, as serve runs them: the rows' copies and the put-back live in
 * a thread with its own connection (server/world-snapshots/rows-keeper.ts), so the API's event loop
 * answers other worlds while a world is put back.
 */
describe('world snapshots in their thread: another world is answered during a restore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-world-rows-'));
  const db = openDatabase(join(dir, 'api.db'));
  const w = useWorld({ db });
  const f = fleetFixtures(w);
  const opened: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A world snapshots service like the app's, with its rows' thread started by `threadRows(…, extra)`. */
  const snapshotsWith = (deps = w.deps, extra: { hold?: SharedArrayBuffer; started?: RowsKeeper[] } = {}) => {
    const made = createWorldSnapshots(deps, {
      gates: w.services.tenantGates, sync: w.services.sync, jobs: w.services.jobs,
      startRowsThread: (file, onEnd) => {
        const thread = threadRows(file, { onEnd, hold: extra.hold });
        extra.started?.push(thread);
        return thread;
      },
    });
    opened.push(made);
    return made;
  };
  const { fixtureWorld, vehicleCount } = fixtureWorlds(w);
  const storedVehicles = (tenantId: string) => db.prepare('SELECT count(*) FROM vehicles WHERE tenant_id = ?').pluck().get(tenantId);

  it('when a world\'s put-back is held in the thread, then another world\'s read is answered before the restore ends, and the world\'s own read after it', async () => {
    const hold = new SharedArrayBuffer(8);
    const slots = new Int32Array(hold);
    const snapshots = snapshotsWith(w.deps, { hold });
    const a = await fixtureWorld({ vehicles: 3, rideDays: 1, registeredOn: ['platform_b'] });
    const b = await fixtureWorld({ vehicles: 1 });
    await snapshots.save(a.tenant.id, 'tres');
    await f.vehicle(a.auth);
    const order: string[] = [];

    const release = () => (Atomics.store(slots, 1, 1), Atomics.notify(slots, 1));
    const restore = snapshots.restore(a.tenant.id, 'tres').then(() => order.push('restored'));
    let other, own, seenMeanwhile;
    try {
      // The thread is inside the put-back's transaction, its writes done, and waits there.
      await waitAsync(slots, 0, 0).value;
      own = vehicleCount(a.auth).then((n) => (order.push('own world'), n));
      other = await w.request.get(`/v1/vehicles/${b.ids.vehicleIds[0]}`).set(b.auth);
      order.push('other world');
      seenMeanwhile = storedVehicles(a.tenant.id);
    } finally {
      release();
    }
    await restore;

    expect(other.status).toBe(200);
    expect(seenMeanwhile).toBe(4);
    expect(await own).toBe(3);
    expect(order).toEqual(['other world', 'restored', 'own world']);
  });

  it('when a world unchanged since its snapshot is restored while another connection holds the write lock, then the restore takes no lock and ends', async () => {
    const snapshots = snapshotsWith();
    const a = await fixtureWorld({ vehicles: 2, drivers: 1, rideDays: 1, registeredOn: ['platform_b'], assigned: true });
    await snapshots.save(a.tenant.id, 'quieta');
    const writer = openDatabase(join(dir, 'api.db'));
    writer.exec('BEGIN IMMEDIATE');
    try {
      await expect(snapshots.restore(a.tenant.id, 'quieta')).resolves.toMatchObject({ name: 'quieta' });
    } finally {
      writer.exec('COMMIT');
      writer.close();
    }
    expect(await vehicleCount(a.auth)).toBe(2);
  });

  it('when another world takes a VIN of the snapshot while the platforms restore, then the thread\'s put-back answers 409 naming it and nothing is restored on either side', async () => {
    const a = await fixtureWorld({ vehicles: 1, registeredOn: ['platform_b'] });
    const b = w.newTenant();
    const vehicleId = await f.vehicle(a.auth);
    const { vin } = (await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth)).body;
    // The clash comes after the first check (nothing taken yet), inside the put-back's transaction.
    const takeVinFirst = {
      ...w.deps.simulators,
      restoreFleet: async (fleetId: string, name: string) => {
        const body = { plate: 'CLASH-02', brand: 'Kia', model: 'Rio', year: 2023, color: 'Rojo', city: 'Guadalajara', vin };
        await w.request.post('/v1/vehicles').set(b.auth).send(body).expect(201);
        return w.deps.simulators.restoreFleet(fleetId, name);
      },
    };
    const snapshots = snapshotsWith({ ...w.deps, simulators: takeVinFirst });
    await snapshots.save(a.tenant.id, 'con-vin');
    await w.request.patch(`/v1/vehicles/${vehicleId}`).set(a.auth).send({ vin: null }).expect(200);
    const extra = await f.vehicle(a.auth);
    await f.registerOnB(a.auth, extra);
    const platformsBefore = await w.net.control.platformView('platform_b');

    const err = await snapshots.restore(a.tenant.id, 'con-vin').catch((e: unknown) => e);

    expect(err).toMatchObject({ code: 'CONFLICT', status: 409, details: [{ field: 'vin', value: vin }] });
    expect((err as Error).message).toContain(vin);
    expect(await vehicleCount(a.auth)).toBe(3);
    expect((await w.request.get(`/v1/vehicles/${vehicleId}`).set(a.auth)).body.vin).toBeNull();
    expect(await w.net.control.platformView('platform_b')).toEqual(platformsBefore);
  });

  it('when two worlds are restored at once, then each is as its own snapshot', async () => {
    const snapshots = snapshotsWith();
    const a = await fixtureWorld({ vehicles: 2, rideDays: 1, registeredOn: ['platform_b'] });
    const b = await fixtureWorld({ vehicles: 3, rideDays: 1, registeredOn: ['platform_b'] });
    await Promise.all([snapshots.save(a.tenant.id, 'uno'), snapshots.save(b.tenant.id, 'uno')]);
    await Promise.all([f.vehicle(a.auth), f.vehicle(b.auth), f.vehicle(b.auth)]);

    await Promise.all([snapshots.restore(a.tenant.id, 'uno'), snapshots.restore(b.tenant.id, 'uno')]);

    expect([await vehicleCount(a.auth), await vehicleCount(b.auth)]).toEqual([2, 3]);
  });

  it('when the rows\' thread stops, then its world snapshots are forgotten (404, never a world emptied) and the next save starts another thread', async () => {
    const started: RowsKeeper[] = [];
    const snapshots = snapshotsWith(w.deps, { started });
    const a = await fixtureWorld({ vehicles: 2 });
    await snapshots.save(a.tenant.id, 'antes');

    await started[0].close();

    expect(snapshots.list(a.tenant.id)).toEqual([]);
    await expect(snapshots.restore(a.tenant.id, 'antes')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await vehicleCount(a.auth)).toBe(2);
    await snapshots.save(a.tenant.id, 'despues');
    await f.vehicle(a.auth);
    await snapshots.restore(a.tenant.id, 'despues');
    expect(started).toHaveLength(2);
    expect(await vehicleCount(a.auth)).toBe(2);
  });
  it('when the rows\' thread stops between a save\'s two halves, then the save fails and lists nothing, and a restore of that name is 404', async () => {
    const started: RowsKeeper[] = [];
    const stopFirst = {
      ...w.deps.simulators,
      saveFleet: async (fleetId: string, name: string) => {
        await started[0].close();
        return w.deps.simulators.saveFleet(fleetId, name);
      },
    };
    const snapshots = snapshotsWith({ ...w.deps, simulators: stopFirst }, { started });
    const a = await fixtureWorld({ vehicles: 2 });

    await expect(snapshots.save(a.tenant.id, 'a-medias')).rejects.toThrow(/copy is gone/);

    expect(snapshots.list(a.tenant.id)).toEqual([]);
    await expect(snapshots.restore(a.tenant.id, 'a-medias')).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await vehicleCount(a.auth)).toBe(2);
  });
  it('when rides of the world are written while the platforms restore (no door does so now: a control call waits at the world\'s gate), then the restore still brings back exactly the saved rides and daily rows', async () => {
    const a = await fixtureWorld({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true, rideDays: 2 });
    const rows = (table: string, where: string) => db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY 1, 2`).all(a.tenant.id);
    const rides = () => rows('rides', 'feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)');
    const daily = () => rows('daily_earnings', 'tenant_id = ?');
    const today = w.deps.clocks.forTenant(a.tenant.id).now().toISOString().slice(0, 10);
    const daysBefore = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
    const generateFirst = {
      ...w.deps.simulators,
      restoreFleet: async (fleetId: string, name: string) => {
        await w.services.generateRides({ tenantId: a.tenant.id, from: daysBefore(6), to: daysBefore(4) });
        return w.deps.simulators.restoreFleet(fleetId, name);
      },
    };
    const snapshots = snapshotsWith({ ...w.deps, simulators: generateFirst });
    await snapshots.save(a.tenant.id, 'viajes');
    const saved = { rides: rides(), daily: daily() };

    await snapshots.restore(a.tenant.id, 'viajes');

    expect(saved.rides.length).toBeGreaterThan(0);
    expect({ rides: rides(), daily: daily() }).toEqual(saved);
  });
});
