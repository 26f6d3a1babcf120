import { Router } from 'express';
import type { SimDb } from '../db.ts';

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
];

/** Deletes every record of a fleet (but those of the tables in `except`) in one transaction; answers how many rows went. */
export function createFleetPurge(db: SimDb, except: readonly string[] = []) {
  const statements = FLEET_ROWS.filter(({ table }) => !except.includes(table)).map(({ table, where }) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  return db.transaction((fleetId: string): number => statements.reduce((n, s) => n + s.run({ fleet: fleetId }).changes, 0));
}

/**
 * `DELETE /_control/fleets/:id`: the partner is gone, and so is everything the platforms kept of it;
 * `onDeleted` tells what holds the fleet elsewhere (its held due work, its snapshots) first.
 */
export function fleetControl({ db, onDeleted = [] }: { db: SimDb; onDeleted?: ((fleetId: string) => void)[] }): Router {
  const router = Router();
  const purge = createFleetPurge(db);

  router.delete('/fleets/:id', (req, res) => {
    for (const forget of onDeleted) forget(req.params.id);
    res.json({ fleetId: req.params.id, deletedRecords: purge(req.params.id) });
  });
  return router;
}
