import { keyedColumns, vaultTable, type RowSelection } from '../../server/db/row-vault.ts';
import type { SimDb } from '../db.ts';

/**
 * One table's part of a fleet's restore by difference: statements over the fleet's rows (`where`,
 * with `@fleet`) and the copy's, matched by the table's primary key.
 */
function tableDifference(db: SimDb, alias: string, { table, where }: RowSelection) {
  const saved = `${alias}.${vaultTable(table)}`;
  const { columns, key, same } = keyedColumns(db, table);
  db.exec(`CREATE INDEX IF NOT EXISTS ${alias}.${vaultTable(table)}_by_key ON ${vaultTable(table)}(vault_key, ${key.join(', ')})`);
  const live = `main.${table}`;
  const keyIn = (vaultKey: string) => `(${key.join(', ')}) IN (SELECT ${key.join(', ')} FROM ${saved} WHERE vault_key = ${vaultKey})`;
  const list = columns.join(', ');
  return {
    countLive: db.prepare(`SELECT count(*) FROM ${live} WHERE ${where}`).pluck(),
    countCopy: db.prepare(`SELECT count(*) FROM ${saved} WHERE vault_key = ?`).pluck(),
    keepDropped: db.prepare(`INSERT INTO ${saved} (vault_key, ${list}) SELECT @undo, ${list} FROM ${live}
      WHERE (${where}) AND NOT EXISTS (SELECT 1 FROM ${saved} s WHERE s.vault_key = @copy AND ${same('s', live)})`),
    // The rows just kept under @undo, by key: a second comparison of every row would find the same.
    drop: db.prepare(`DELETE FROM ${live} WHERE ${keyIn('@undo')}`),
    noteAdded: db.prepare(`INSERT INTO ${saved} (vault_key, ${list}) SELECT @added, ${columns.map((c) => `s.${c}`).join(', ')} FROM ${saved} s
      WHERE s.vault_key = @copy AND NOT EXISTS (SELECT 1 FROM ${live} WHERE ${key.map((c) => `${live}.${c} = s.${c}`).join(' AND ')})`),
    insertAdded: db.prepare(`INSERT INTO ${live} (${list}) SELECT ${list} FROM ${saved} WHERE vault_key = @added`),
    // The fleet's rows just before a restore: the copy's rows it kept (so, as in the copy), and those it dropped.
    noteBefore: db.prepare(`INSERT INTO ${saved} (vault_key, ${list})
      SELECT @before, ${list} FROM ${saved} WHERE vault_key = @copy AND NOT ${keyIn('@added')}
      UNION ALL SELECT @before, ${list} FROM ${saved} WHERE vault_key = @undo`),
    forgetStatement: db.prepare(`DELETE FROM ${saved} WHERE vault_key = ?`),
  };
}

/**
 * A fleet's records made equal to a copy in the vault by difference, table by table by primary key:
 * a row the same in the copy stays, the others are deleted and the copy's missing ones inserted, so a
 * rewind after a test that changed little writes little, and one of an unchanged fleet nothing (no
 * trigger marks it changed or due: fleet-changes.ts, fleet-due.ts). What a restore changes is kept to
 * undo it: the rows it deleted (under `undo`) and the keys it inserted (under `added`), instead of a
 * copy of every row. `selections` name the fleet's rows of each table, parents before children.
 */
export function createRecordsDifference(db: SimDb, alias: string, selections: readonly RowSelection[]) {
  const tables = selections.map((selection) => {
    const statements = tableDifference(db, alias, selection);
    /** Drops what the vault keeps under these keys, in this table. */
    const forget = (...keys: string[]) => keys.forEach((key) => statements.forgetStatement.run(key));
    return { table: selection.table, ...statements, forget };
  });

  return {
    /**
     * The fleet's records made equal to the copy under `copy`; what changed kept under `undo` and
     * `added`. `asCopy`: tables whose rows the caller knows are the copy's already, left alone.
     * Inside a transaction. Answers whether any row changed.
     */
    restore(fleet: string, copy: string, undo: string, added: string, asCopy: readonly string[] = []): boolean {
      // Rows kept in place may refer to one deleted and inserted again: checked at the commit.
      db.pragma('defer_foreign_keys = ON');
      // Every table's rows to drop found before any is deleted: a table's fleet rows are found through others'.
      const missing = tables.map((t) => {
        t.forget(undo, added);
        if (asCopy.includes(t.table)) return false;
        const live = t.countLive.get({ fleet }) as number;
        const dropped = t.keepDropped.run({ fleet, copy, undo }).changes;
        // Every row left is one of the copy's: as many as the copy's means none is missing.
        return live - dropped !== t.countCopy.get(copy);
      });
      let changed = false;
      for (const t of [...tables].reverse()) changed = t.drop.run({ undo }).changes > 0 || changed;
      tables.forEach((t, i) => {
        if (missing[i] && t.noteAdded.run({ copy, added }).changes > 0) changed = t.insertAdded.run({ added }).changes > 0 || changed;
      });
      return changed;
    },
    /**
     * The fleet's records made again as they were before its last restore (of `copy`, its changes kept
     * under `undo` and `added`), by difference too: a row due work changed since the restore (the
     * companion runs it after every call) goes back as well. Inside a transaction.
     */
    undo(fleet: string, copy: string, undo: string, added: string): void {
      const before = `${undo}/whole`;
      const [beforeUndo, beforeAdded] = [`${before}/undo`, `${before}/added`];
      for (const t of tables) (t.forget(before), t.noteBefore.run({ before, copy, undo, added }));
      this.restore(fleet, before, beforeUndo, beforeAdded);
      for (const t of tables) t.forget(undo, added, before, beforeUndo, beforeAdded);
    },
  };
}
