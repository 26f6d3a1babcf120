import { existsSync, rmSync } from 'node:fs';
import { Router } from 'express';
import { z } from 'zod';
import { createRowVault, type RowSelection } from '../../server/db/row-vault.ts';
import type { SimDb } from '../db.ts';
import type { FleetClocks } from './fleet-clocks.ts';
import { FLEET_ROWS } from './fleet-control.ts';
import { createFleetSeq } from './fleet-changes.ts';
import { createFleetDueStore } from './fleet-due.ts';
import { createRecordsDifference } from './records-difference.ts';
import { createRideDayWrites, RIDE_DAY_TABLES } from './ride-day-writes.ts';
import { SimError } from './sim-error.ts';
import { SNAPSHOT_NAME } from '../../server/snapshots/files.ts';

/**
 * A fleet's records on both platforms: the purge's rows (fleet-control.ts), so a table added there is
 * saved too, in reverse, parents before children (the order they are put back in). Three differ: the
 * due index and the count of ride-day writes are bookkeeping, never put back, and platform_b's drivers
 * are selected as those bound to the fleet's vehicles, where the purge takes those left with no binding.
 */
const PB_DRIVERS_OF_FLEET = 'id IN (SELECT driver_id FROM pb_bindings WHERE vehicle_id IN (SELECT id FROM pb_vehicles WHERE fleet_id = @fleet))';
const FLEET_RECORDS: readonly RowSelection[] = [...FLEET_ROWS]
  .reverse()
  .filter((r) => r.table !== 'fleet_due' && r.table !== 'fleet_ride_day_writes')
  .map((r) => (r.table === 'pb_drivers' ? { table: r.table, where: PB_DRIVERS_OF_FLEET } : r));

const Name = z.string().regex(SNAPSHOT_NAME);
/** A copy's key (keyOf), not one of a restore's own (undoKeyOf, addedKeyOf). */
const SAVED_KEY = new RegExp(`^[^/]+/${SNAPSHOT_NAME.source.replace(/^\^|\$$/g, '')}$`);
const keyOf = (fleetId: string, name: string) => `${fleetId}/${Name.parse(name)}`;
// What the fleet's last restore changed, for the API to undo it when its own half fails: the records
// it deleted, and the keys of those it inserted.
const undoKeyOf = (fleetId: string) => `${fleetId}/.before-restore`;
const addedKeyOf = (fleetId: string) => `${fleetId}/.restore-added`;

/** A file of copies, with its write-ahead log: gone, or never made. */
export function removeVaultFile(file: string): void {
  for (const end of ['', '-wal', '-shm']) rmSync(file + end, { force: true });
}

interface FleetSnapshotsDeps {
  db: SimDb;
  clocks: FleetClocks;
  /**
   * Where the copies are kept: a file beside platforms.db, which a process that replaces this one
   * (serve replaces one that died or hung: cli/lib/companion.ts) opens again, so the API's world
   * snapshots outlive it (contract §1: a replaced companion loses nothing); '' in tests, a temporary
   * database. main.ts empties the file when serve starts anew: the API's halves are gone then.
   */
  vaultFile?: string;
}

/**
 * `/_control/fleets/:id/snapshots/...`: one fleet's records saved and put back while every other
 * fleet goes on (the API's world snapshots, contract §5). Copies live beside the database.
 */
export function fleetSnapshotsControl({ db, clocks, vaultFile = '' }: FleetSnapshotsDeps): { router: Router; forgetFleet: (fleetId: string) => void; forgetAll: () => void } {
  const router = Router();
  // Made at the first call that needs them: simulators that never save a fleet (most tests') never
  // pay for the vault and its statements.
  let made: { vault: ReturnType<typeof createRowVault>; difference: ReturnType<typeof createRecordsDifference> } | null = null;
  const copies = () => (made ??= {
    vault: createRowVault(db, 'fleet_vault', FLEET_RECORDS, { file: vaultFile }),
    difference: createRecordsDifference(db, 'fleet_vault', FLEET_RECORDS),
  });
  const due = createFleetDueStore(db);
  const rideDayWrites = createRideDayWrites(db);
  // Per fleet, the copy its ride days were last made equal to (saved from them, or put back), and
  // their count of writes then: while it has not moved, a restore of that copy leaves them as they are.
  const rideDaysAre = new Map<string, { key: string; writes: number }>();
  // Per fleet, the copy of its last restore: an undo makes the fleet's records as before it from that
  // copy and what it changed, so a copy deleted or saved again since leaves nothing to undo.
  const lastRestored = new Map<string, string>();
  /** Both notes let go where they name a copy that is gone or saved again. */
  const forgetNotes = (gone: (fleetId: string, key: string) => boolean) => {
    for (const [fleetId, { key }] of rideDaysAre) if (gone(fleetId, key)) rideDaysAre.delete(fleetId);
    for (const [fleetId, key] of lastRestored) if (gone(fleetId, key)) lastRestored.delete(fleetId);
  };
  const copyOf = (fleetId: string, key: string) => (f: string, k: string) => f === fleetId && k === key;
  const noteRideDays = (fleetId: string, key: string) => rideDaysAre.set(fleetId, { key, writes: rideDayWrites(fleetId) });
  /**
   * The copies a process before this one kept in the file (its restores' undo notes are not copies).
   * A file this code cannot read (another build's tables, after an upgrade under a running serve; a
   * damaged one) loses them, said on stderr, and the vault starts empty: a process that threw here
   * would be started again and again, and the platforms stay down. The API's restore of one of them
   * then answers that its copy was lost.
   */
  function keptCopies(): string[] {
    if (vaultFile === '' || !existsSync(vaultFile)) return [];
    try {
      return copies().vault.keys().filter((key) => SAVED_KEY.test(key));
    } catch (err) {
      made = null;
      try {
        db.exec('DETACH DATABASE fleet_vault');
      } catch {
        // Not attached: the ATTACH itself failed.
      }
      removeVaultFile(vaultFile);
      process.stderr.write(`simuladores: las copias de las instantáneas de mundos no se pudieron leer y se descartan (${(err as Error).message})\n`);
      return [];
    }
  }
  const saved = new Set<string>(keptCopies());
  // Each answer names the fleet's last change number (fleet-changes.ts): the API knows from it which
  // of the fleet's changes the save or restore itself made.
  const fleetSeq = createFleetSeq(db);
  // A fleet whose records changed is due: what its records hold now is looked at again at its now (a
  // fleet put back unchanged keeps its due instant, which its records and clock still give).
  const putBack = db.transaction((fleetId: string, key: string) => {
    const known = rideDaysAre.get(fleetId);
    const rideDaysAsCopy = known?.key === key && known.writes === rideDayWrites(fleetId);
    if (copies().difference.restore(fleetId, key, undoKeyOf(fleetId), addedKeyOf(fleetId), rideDaysAsCopy ? RIDE_DAY_TABLES : [])) due.markDue(fleetId);
  });
  // Noted once committed: a transaction rolled back takes its count of writes back with it.
  const restore = (fleetId: string, key: string) => {
    putBack(fleetId, key);
    noteRideDays(fleetId, key);
    lastRestored.set(fleetId, key);
  };
  const undo = db.transaction((fleetId: string, copy: string) => {
    copies().difference.undo(fleetId, copy, undoKeyOf(fleetId), addedKeyOf(fleetId));
    due.markDue(fleetId);
  });
  const undoLast = (fleetId: string) => {
    const copy = lastRestored.get(fleetId);
    if (copy === undefined) throw new SimError(409, 'conflict', 'No restore of this fleet to take back: none since its last undo, or its copy was deleted or saved again.');
    undo(fleetId, copy);
    rideDaysAre.delete(fleetId);
    lastRestored.delete(fleetId);
  };

  router.post('/fleets/:id/snapshots/:name', (req, res) => {
    const key = keyOf(req.params.id, req.params.name);
    const sizeBytes = copies().vault.save(key, { fleet: req.params.id });
    forgetNotes(copyOf(req.params.id, key));
    noteRideDays(req.params.id, key);
    saved.add(key);
    res.json({ fleetId: req.params.id, name: req.params.name, sizeBytes, seq: fleetSeq(req.params.id) });
  });

  router.post('/fleets/:id/snapshots/:name/restore', (req, res) => {
    const key = keyOf(req.params.id, req.params.name);
    if (!saved.has(key)) throw new SimError(404, 'not_found', 'No such fleet snapshot.');
    restore(req.params.id, key);
    res.json({ fleetId: req.params.id, name: req.params.name, now: new Date(clocks.nowFor(req.params.id)).toISOString(), seq: fleetSeq(req.params.id) });
  });

  router.post('/fleets/:id/undo-restore', (req, res) => {
    undoLast(req.params.id);
    res.json({ fleetId: req.params.id, now: new Date(clocks.nowFor(req.params.id)).toISOString() });
  });

  router.delete('/fleets/:id/snapshots/:name', (req, res) => {
    const key = keyOf(req.params.id, req.params.name);
    made?.vault.drop(key);
    forgetNotes(copyOf(req.params.id, key));
    res.json({ fleetId: req.params.id, name: req.params.name, deleted: saved.delete(key) });
  });

  const dropAll = (prefix: string) => {
    made?.vault.dropPrefix(prefix);
    for (const key of saved) if (key.startsWith(prefix)) saved.delete(key);
    forgetNotes((_fleetId, key) => key.startsWith(prefix));
  };
  // A fleet deleted takes its copies along, and a whole restore or reset (the API's world snapshots
  // are cleared with it) takes every fleet's: the fleet and state routes call these (app.ts).
  return { router, forgetFleet: (fleetId) => dropAll(`${fleetId}/`), forgetAll: () => dropAll('') };
}
