import { Router } from 'express';
import { z } from 'zod';
import type { Migration } from '../../server/db/migrate.ts';
import type { SimDb } from '../db.ts';
import { SimError } from './sim-error.ts';
import { afterWrite } from './sql.ts';

const NEXT = '(SELECT coalesce(max(seq), 0) + 1 FROM fleet_changes)';
/**
 * The row that keeps the sequence's last number once the fleet that held it is deleted (forgetFleet):
 * the next number is the table's greatest plus one, and must never go back to one the API has read.
 */
const TOP = '';

const markOnWrite = (table: string, fleetOf: (row: 'NEW' | 'OLD') => string) =>
  afterWrite(table, 'changed', ['INSERT', 'UPDATE', 'DELETE'], (row) =>
    `INSERT INTO fleet_changes (fleet_id, seq) ${fleetOf(row)} ON CONFLICT (fleet_id) DO UPDATE SET seq = excluded.seq`);

/**
 * Which fleets' platform records changed since a point (issue 35's next step: a background sync that
 * reads only the worlds that moved). Every write to a fleet's vehicles, drivers or bindings, whoever
 * makes it (an API call, a reviewer, the due work of a passing hour, a restore), gives the fleet the
 * next number of one sequence, by triggers, so no writer can forget. The API keeps the last number it
 * read and asks for the fleets past it; ride days are not here (the rides' sync has its own throttle).
 * A whole state restore copies this table back with the rest, its numbers included: the API forgets
 * its last number then (every world was replaced) and reads every world again.
 */
export const FLEET_CHANGES_MIGRATION: Migration = {
  version: 7,
  name: 'fleet-changes',
  sql: `
CREATE TABLE fleet_changes (fleet_id TEXT PRIMARY KEY, seq INTEGER NOT NULL);
CREATE INDEX fleet_changes_seq ON fleet_changes(seq);
INSERT INTO fleet_changes (fleet_id, seq)
  SELECT fleet_id, 1 FROM pa_vehicles UNION SELECT fleet_id, 1 FROM pa_drivers UNION SELECT fleet_id, 1 FROM pb_vehicles;
${markOnWrite('pa_vehicles', (row) => `VALUES (${row}.fleet_id, ${NEXT})`)}
${markOnWrite('pa_drivers', (row) => `VALUES (${row}.fleet_id, ${NEXT})`)}
${markOnWrite('pb_vehicles', (row) => `VALUES (${row}.fleet_id, ${NEXT})`)}
${markOnWrite('pa_bindings', (row) => `SELECT fleet_id, ${NEXT} FROM pa_vehicles WHERE id = ${row}.vehicle_id`)}
${markOnWrite('pb_bindings', (row) => `SELECT fleet_id, ${NEXT} FROM pb_vehicles WHERE id = ${row}.vehicle_id`)}
`,
};

const Since = z.coerce.number().int().min(0);

/** A fleet's last number of the change sequence (0 if its records were never written). */
export function createFleetSeq(db: SimDb): (fleetId: string) => number {
  const seqOf = db.prepare('SELECT seq FROM fleet_changes WHERE fleet_id = ?').pluck();
  return (fleetId) => (seqOf.get(fleetId) as number | undefined) ?? 0;
}

/**
 * `GET /_control/fleets/changed?since=N`: `{seq, fleets}`, the sequence's last number and the fleets
 * written after N, each with its own last number (every fleet ever written without `since`). Answered after the due work of now has
 * run (app.ts), so a review that ended with the last hour is among the changes.
 */
export function fleetChangesControl(db: SimDb): Router {
  const router = Router();
  const last = db.prepare('SELECT coalesce(max(seq), 0) FROM fleet_changes').pluck();
  const after = db.prepare(`SELECT fleet_id AS id, seq FROM fleet_changes WHERE seq > ? AND fleet_id <> '${TOP}' ORDER BY seq`);
  const read = db.transaction((since: number) => ({ seq: last.get() as number, fleets: after.all(since) as { id: string; seq: number }[] })).deferred;

  router.get('/fleets/changed', (req, res) => {
    const since = req.query.since === undefined ? 0 : Since.safeParse(req.query.since);
    if (typeof since !== 'number' && !since.success) throw new SimError(400, 'invalid_request', 'since must be a non-negative integer.');
    res.json(read(typeof since === 'number' ? since : since.data));
  });
  return router;
}

/**
 * A deleted fleet's number forgotten (fleet-control.ts), so deleted worlds leave no row behind: its
 * number stays the sequence's top when it was, on a row of no fleet, so the next write still gets a
 * greater one than any the API has read. Run after the fleet's records are gone (their deletes gave
 * it its last number).
 */
export function createFleetChangesForget(db: SimDb): (fleetId: string) => void {
  const keepTop = db.prepare(`INSERT INTO fleet_changes (fleet_id, seq) SELECT '${TOP}', seq FROM fleet_changes WHERE fleet_id = ?
    ON CONFLICT (fleet_id) DO UPDATE SET seq = max(fleet_changes.seq, excluded.seq)`);
  const drop = db.prepare('DELETE FROM fleet_changes WHERE fleet_id = ?');
  return db.transaction((fleetId: string) => {
    keepTop.run(fleetId);
    drop.run(fleetId);
  });
}
