import { Router } from 'express';
import type { SimDb } from '../db.ts';
import type { DueRunner } from './due.ts';
import { RIDE_DAY_TABLES } from './ride-day-writes.ts';
import { createTally } from '../../server/lib/tally.ts';
import { createFleetChangesForget } from './fleet-changes.ts';

/**
 * Ride days a fleet's deletion removes per transaction, with a turn of the event loop after each: a
 * year of a 500-vehicle fleet is ~366 000 of them, seconds of deletes in one piece, and meanwhile
 * the companion answered nothing, its health probe included, so serve replaced it mid-delete.
 */
export const RIDE_DAYS_PER_SLICE = 10_000;

/** Every record a fleet has on either platform, children before parents. */
export const FLEET_ROWS: readonly { table: string; where: string }[] = [
  { table: 'pa_documents', where: 'vehicle_id IN (SELECT id FROM pa_vehicles WHERE fleet_id = @fleet)' },
  { table: 'pa_bindings', where: 'vehicle_id IN (SELECT id FROM pa_vehicles WHERE fleet_id = @fleet) OR driver_id IN (SELECT id FROM pa_drivers WHERE fleet_id = @fleet)' },
  { table: 'pa_vehicles', where: 'fleet_id = @fleet' },
  { table: 'pa_drivers', where: 'fleet_id = @fleet' },
  { table: 'pb_bindings', where: 'vehicle_id IN (SELECT id FROM pb_vehicles WHERE fleet_id = @fleet)' },
  { table: 'pb_vehicles', where: 'fleet_id = @fleet' },
  // platform_b learns drivers from bindings only: those left with none were this fleet's.
  { table: 'pb_drivers', where: 'NOT EXISTS (SELECT 1 FROM pb_bindings b WHERE b.driver_id = pb_drivers.id) AND @fleet IS NOT NULL' },
  { table: 'pa_ride_days', where: 'fleet_id = @fleet' },
  { table: 'pb_ride_days', where: 'fleet_id = @fleet' },
  { table: 'fleet_clocks', where: 'fleet_id = @fleet' },
  { table: 'fleet_due', where: 'fleet_id = @fleet' },
  { table: 'fleet_ride_day_writes', where: 'fleet_id = @fleet' },
  // The counter of the fleet's own ids (server/lib/ids.ts worldIdsCounter), saved and put back with its records.
  { table: 'counters', where: "name = 'ids:' || @fleet" },
];

/** Deletes every record of a fleet (but those of the tables in `except`) in one transaction; answers how many rows went. */
export function createFleetPurge(db: SimDb, except: readonly string[] = []) {
  const statements = FLEET_ROWS.filter(({ table }) => !except.includes(table)).map(({ table, where }) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  return db.transaction((fleetId: string): number => statements.reduce((n, s) => n + s.run({ fleet: fleetId }).changes, 0));
}

/**
 * A fleet's ride days, RIDE_DAYS_PER_SLICE at a time in key order, each slice its own transaction and
 * a turn of the event loop after it; answers how many went.
 */
function createRideDaysDrop(db: SimDb, sliceRows: number) {
  const slices = RIDE_DAY_TABLES.map((table) => {
    // The key of the first row past a slice: the slice is every row of the fleet before it.
    const cut = db.prepare(`SELECT service_date, vehicle_external_id, from_ms FROM ${table} WHERE fleet_id = ?
      ORDER BY service_date, vehicle_external_id, from_ms LIMIT 1 OFFSET ?`).raw();
    const before = db.prepare(`DELETE FROM ${table} WHERE fleet_id = ? AND (service_date, vehicle_external_id, from_ms) < (?, ?, ?)`);
    const left = db.prepare(`DELETE FROM ${table} WHERE fleet_id = ?`);
    // How many went, and whether more than a slice was left: the last slice takes what is left.
    return db.transaction((fleetId: string): { deleted: number; more: boolean } => {
      const key = cut.get(fleetId, sliceRows) as unknown[] | undefined;
      return key ? { deleted: before.run(fleetId, ...key).changes, more: true } : { deleted: left.run(fleetId).changes, more: false };
    });
  });
  return async (fleetId: string): Promise<number> => {
    let deleted = 0;
    for (const slice of slices) {
      for (let more = true; more; ) {
        const done = slice(fleetId);
        deleted += done.deleted;
        more = done.more;
        if (more) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return deleted;
  };
}

/**
 * `DELETE /_control/fleets/:id`: the partner is gone, and so is everything the platforms kept of it.
 * Its due work is held from the start (no day is opened for a vehicle about to go), its ride days go
 * in slices, then `onDeleted` tells what else holds the fleet (its snapshots), and the rest goes in
 * one transaction. The last deletion of a fleet to end forgets every hold on its due work (one a
 * failed build left, say); one that ends while another of the same fleet still slices (an API's
 * retry) releases only its own, so the other's slices stay held.
 */
export function fleetControl({ db, due, onDeleted = [], sliceRows = RIDE_DAYS_PER_SLICE }: {
  db: SimDb; due: Pick<DueRunner, 'hold' | 'release' | 'forget'>; onDeleted?: ((fleetId: string) => void)[]; sliceRows?: number;
}): Router {
  const router = Router();
  const purge = createFleetPurge(db);
  const forgetChanges = createFleetChangesForget(db);
  const dropRideDays = createRideDaysDrop(db, sliceRows);
  const deleting = createTally<string>();

  router.delete('/fleets/:id', async (req, res) => {
    const fleetId = req.params.id;
    due.hold(fleetId);
    deleting.add(fleetId);
    let rideDays: number;
    try {
      rideDays = await dropRideDays(fleetId);
    } catch (err) {
      // Not deleted after all: its due work goes on (a retry holds it again).
      due.release(fleetId);
      throw err;
    } finally {
      deleting.remove(fleetId);
    }
    if (deleting.has(fleetId)) due.release(fleetId);
    else due.forget(fleetId);
    for (const forget of onDeleted) forget(fleetId);
    const deletedRecords = rideDays + purge(fleetId);
    forgetChanges(fleetId);
    res.json({ fleetId, deletedRecords });
  });
  return router;
}
