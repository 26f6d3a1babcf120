import type { Migration } from '../../server/db/migrate.ts';
import type { SimDb } from '../db.ts';
import { afterWrite } from './sql.ts';

export const RIDE_DAY_TABLES = ['pa_ride_days', 'pb_ride_days'] as const;

const countOnWrite = (table: string) =>
  afterWrite(table, 'written', ['INSERT', 'UPDATE', 'DELETE'], (row) =>
    `INSERT INTO fleet_ride_day_writes (fleet_id, n) VALUES (${row}.fleet_id, 1) ON CONFLICT (fleet_id) DO UPDATE SET n = n + 1`);

/**
 * How many times each fleet's ride days (most of its records: a row per vehicle, day and platform)
 * were written, by triggers, so no writer can forget: a fleet snapshot put back onto ride days not
 * written since they were last the copy's need not compare them (fleet-snapshots.ts). A fleet
 * deleted loses its count with its records.
 */
export const RIDE_DAY_WRITES_MIGRATION: Migration = {
  version: 9,
  name: 'ride-day-writes',
  sql: `
CREATE TABLE fleet_ride_day_writes (fleet_id TEXT PRIMARY KEY, n INTEGER NOT NULL);
${RIDE_DAY_TABLES.map(countOnWrite).join('\n')}
`,
};

/** A fleet's count of ride-day writes (0: never written). */
export function createRideDayWrites(db: SimDb): (fleetId: string) => number {
  const count = db.prepare('SELECT n FROM fleet_ride_day_writes WHERE fleet_id = ?').pluck();
  return (fleetId) => (count.get(fleetId) as number | undefined) ?? 0;
}
