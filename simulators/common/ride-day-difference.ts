import { vaultTable } from '../../server/db/row-vault.ts';
import type { SimDb } from '../db.ts';

/** The ride-day tables' key (rides/migration.ts). */
const KEY = ['fleet_id', 'service_date', 'vehicle_external_id', 'from_ms'];
export const RIDE_DAY_TABLES = ['pa_ride_days', 'pb_ride_days'] as const;

/**
 * A fleet's ride days (most of its records: a row per vehicle, day and platform) made equal to a
 * copy in the vault by difference: a row that is the same in the copy stays, the others are deleted
 * and the copy's missing ones inserted, so a rewind after a test that changed little writes little.
 * What a restore changes is kept to undo it: the rows it deleted (under `undoKey`) and the keys it
 * inserted (under `addedKey`), instead of a copy of every row.
 */
export function createRideDayDifference(db: SimDb, alias: string) {
  const tables = RIDE_DAY_TABLES.map((table) => {
    const saved = `${alias}.${vaultTable(table)}`;
    db.exec(`CREATE INDEX IF NOT EXISTS ${alias}.${vaultTable(table)}_by_key ON ${vaultTable(table)}(vault_key, ${KEY.join(', ')})`);
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
    const live = `main.${table}`;
    // The key by equality (the index), every other column by IS (nulls equal).
    const same = columns.map((c) => (KEY.includes(c) ? `s.${c} = ${live}.${c}` : `s.${c} IS ${live}.${c}`)).join(' AND ');
    const notInCopy = `${live}.fleet_id = @fleet AND NOT EXISTS (SELECT 1 FROM ${saved} s WHERE s.vault_key = @copy AND ${same})`;
    const keyIn = (vaultKey: string) => `(${KEY.join(', ')}) IN (SELECT ${KEY.join(', ')} FROM ${saved} WHERE vault_key = ${vaultKey})`;
    return {
      keepDropped: db.prepare(`INSERT INTO ${saved} SELECT @undo, * FROM ${live} WHERE ${notInCopy}`),
      // The rows just kept under @undo, by key: a second comparison of every row would find the same.
      drop: db.prepare(`DELETE FROM ${live} WHERE ${keyIn('@undo')}`),
      countLive: db.prepare(`SELECT count(*) FROM ${live} WHERE fleet_id = ?`).pluck(),
      countCopy: db.prepare(`SELECT count(*) FROM ${saved} WHERE vault_key = ?`).pluck(),
      noteAdded: db.prepare(`INSERT INTO ${saved} SELECT @added, ${columns.map((c) => `s.${c}`).join(', ')} FROM ${saved} s WHERE s.vault_key = @copy
        AND NOT EXISTS (SELECT 1 FROM ${live} WHERE ${KEY.map((c) => `${live}.${c} = s.${c}`).join(' AND ')})`),
      insertAdded: db.prepare(`INSERT INTO ${live} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM ${saved} WHERE vault_key = @added`),
      removeAdded: db.prepare(`DELETE FROM ${live} WHERE ${keyIn('@added')}`),
      insertDropped: db.prepare(`INSERT INTO ${live} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM ${saved} WHERE vault_key = @undo`),
      forget: db.prepare(`DELETE FROM ${saved} WHERE vault_key IN (@undo, @added)`),
    };
  });

  return {
    /** The fleet's ride days made equal to the copy under `copy`; what changed kept under `undo` and `added`. Inside a transaction. */
    restore(fleet: string, copy: string, undo: string, added: string): void {
      for (const t of tables) {
        t.forget.run({ undo, added });
        if (t.keepDropped.run({ fleet, copy, undo }).changes > 0) t.drop.run({ undo });
        // Every row left is one of the copy's: as many as the copy's means none is missing.
        if (t.countLive.get(fleet) === t.countCopy.get(copy)) continue;
        t.noteAdded.run({ copy, added });
        t.insertAdded.run({ added });
      }
    },
    /** The last restore's changes taken back. Inside a transaction. */
    undo(undo: string, added: string): void {
      for (const t of tables) {
        t.removeAdded.run({ added });
        t.insertDropped.run({ undo });
        t.forget.run({ undo, added });
      }
    },
  };
}
