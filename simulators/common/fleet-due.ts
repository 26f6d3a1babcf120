import type { Migration } from '../../server/db/migrate.ts';
import type { SimDb } from '../db.ts';
import { afterWrite } from './sql.ts';

/** Fleets whose work is due now: a write to their records, or a move of their clock. */
const NOW = 0;

const markOnWrite = (table: string, fleetOf: string) =>
  afterWrite(table, 'due', ['INSERT', 'UPDATE'], () => `INSERT INTO fleet_due (fleet_id, due_ms) ${fleetOf} ON CONFLICT (fleet_id) DO UPDATE SET due_ms = ${NOW}`);

/**
 * Due work by world (issue 35): each fleet's next instant at which anything may fall due in it,
 * in service time (its own instant minus its clock offset), so one index range finds the fleets a
 * run must visit at a service instant, whatever the number of worlds. A write to a fleet's records
 * marks it due at once (triggers: nothing that writes them can forget); after a run the due runner
 * stores the fleet's next due instant, or removes the fleet when nothing can fall due with time
 * alone. Every fleet known when the table is made starts due.
 */
export const FLEET_DUE_MIGRATION: Migration = {
  version: 6,
  name: 'fleet-due',
  sql: `
CREATE TABLE fleet_due (fleet_id TEXT PRIMARY KEY, due_ms INTEGER NOT NULL);
CREATE INDEX fleet_due_at ON fleet_due(due_ms, fleet_id);
CREATE INDEX pa_vehicles_fleet ON pa_vehicles(fleet_id);
CREATE INDEX pa_drivers_fleet ON pa_drivers(fleet_id);
CREATE INDEX pb_vehicles_fleet ON pb_vehicles(fleet_id);
CREATE INDEX pa_ride_days_fleet_open ON pa_ride_days(fleet_id, open_until_ms);
CREATE INDEX pb_ride_days_fleet_open ON pb_ride_days(fleet_id, open_until_ms);
INSERT OR IGNORE INTO fleet_due (fleet_id, due_ms)
  SELECT fleet_id, ${NOW} FROM pa_vehicles UNION SELECT fleet_id, ${NOW} FROM pa_drivers UNION SELECT fleet_id, ${NOW} FROM pb_vehicles;
${markOnWrite('pa_vehicles', `VALUES (NEW.fleet_id, ${NOW})`)}
${markOnWrite('pa_drivers', `VALUES (NEW.fleet_id, ${NOW})`)}
${markOnWrite('pb_vehicles', `VALUES (NEW.fleet_id, ${NOW})`)}
${markOnWrite('pa_bindings', `SELECT fleet_id, ${NOW} FROM pa_vehicles WHERE id = NEW.vehicle_id`)}
${markOnWrite('pb_bindings', `SELECT fleet_id, ${NOW} FROM pb_vehicles WHERE id = NEW.vehicle_id`)}
`,
};

/** The fleet_due table's statements; the due runner and the fleet clocks are its only users. */
export function createFleetDueStore(db: SimDb) {
  const due = db.prepare('SELECT fleet_id FROM fleet_due WHERE due_ms <= ? ORDER BY due_ms, fleet_id LIMIT ?').pluck();
  const set = db.prepare(`INSERT INTO fleet_due (fleet_id, due_ms) VALUES (?, ?)
    ON CONFLICT (fleet_id) DO UPDATE SET due_ms = excluded.due_ms`);
  const remove = db.prepare('DELETE FROM fleet_due WHERE fleet_id = ?');
  const markAll = db.prepare(`UPDATE fleet_due SET due_ms = ${NOW}`);
  return {
    /** Up to `limit` fleets due by the service instant `serviceMs`, the longest due first. */
    dueBy: (serviceMs: number, limit: number) => due.all(serviceMs, limit) as string[],
    /** The fleet's next due instant in service time; null: nothing falls due in it with time alone. */
    setNext(fleetId: string, serviceMs: number | null): void {
      if (serviceMs === null) remove.run(fleetId);
      else set.run(fleetId, serviceMs);
    },
    /** The fleet's clock moved: what it holds must be looked at again at its new now. */
    markDue: (fleetId: string) => void set.run(fleetId, NOW),
    markAllDue: () => void markAll.run(),
  };
}

export type FleetDueStore = ReturnType<typeof createFleetDueStore>;
