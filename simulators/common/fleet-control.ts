import { Router } from 'express';
import type { SimDb } from '../db.ts';

/** Every record a fleet has on either platform, children before parents. */
const FLEET_ROWS: readonly { table: string; where: string }[] = [
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
];

/** `DELETE /_control/fleets/:id`: the partner is gone, and so is everything the platforms kept of it. */
export function fleetControl({ db }: { db: SimDb }): Router {
  const router = Router();
  const statements = FLEET_ROWS.map(({ table, where }) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  const purge = db.transaction((fleetId: string) => statements.reduce((n, s) => n + s.run({ fleet: fleetId }).changes, 0));

  router.delete('/fleets/:id', (req, res) => {
    res.json({ fleetId: req.params.id, deletedRecords: purge(req.params.id) });
  });
  return router;
}
