import type { Db } from '../db/open.ts';
import { keyedColumns, vaultTable } from '../db/row-vault.ts';
import { WORLD_ROWS } from './world-rows.ts';

interface TableSpec {
  table: string;
  /** A check that no row of the table was written since the copy: then none is looked up. */
  unwrittenSince?: (alias: string) => string;
  /**
   * The copy's rows are put back by the keys found first (`apply`): true where the world's rows are
   * told by a table the put-back changes only later (the ride feeds), so that a count of them after
   * the found are dropped is of the same rows the comparison read.
   */
  putBackFoundFirst?: true;
}

/**
 * The tables whose comparison is the put-back's longest read, made ahead of it, outside its write
 * lock (rows.ts): by far the most rows of a world (a 50-vehicle world with 30 days: ~22,000 rides,
 * ~2,600 daily rows), written by the ingestion alone, which numbers its writes: those not written at
 * all since the copy are not even compared.
 */
export const BULK: readonly TableSpec[] = [
  { table: 'rides', unwrittenSince: (alias) => FEEDS_UNWRITTEN(alias), putBackFoundFirst: true },
  { table: 'daily_earnings', unwrittenSince: (alias) => FEEDS_UNWRITTEN(alias), putBackFoundFirst: true },
];

/**
 * Every other table of a world (~500 rows in a 50-vehicle world), compared inside the put-back: any
 * request or control call may write them. Put back by difference too, not deleted and inserted whole:
 * a rewind after a test that changed little writes little (and an unchanged world nothing at all).
 */
export const SMALL: readonly TableSpec[] = WORLD_ROWS.filter((r) => !BULK.some((b) => b.table === r.table)).map((r) => ({ table: r.table }));

/**
 * Whether none of the world's ride feeds was written since the copy: the same feeds, each with the
 * same number of its last write (migration 010, taken by every page of rides and every write of
 * daily rows the ingestion changes, server/ingestion/writer.ts). 0 is an unknown number, never taken
 * as the same.
 */
const FEEDS_UNWRITTEN = (alias: string) => `SELECT
  (SELECT count(*) FROM main.ride_feeds WHERE tenant_id = @tenant) = (SELECT count(*) FROM ${alias}.${vaultTable('ride_feeds')} WHERE vault_key = @key)
  AND NOT EXISTS (SELECT 1 FROM main.ride_feeds l WHERE l.tenant_id = @tenant AND (l.written = 0 OR NOT EXISTS (
    SELECT 1 FROM ${alias}.${vaultTable('ride_feeds')} s WHERE s.vault_key = @key AND s.id = l.id AND s.written = l.written)))`;

/**
 * One table's world rows made equal to a copy's, row by row by its primary key: those not in it (or
 * different) found, then deleted, the missing inserted. The found keys wait in a table of the
 * connection's temp database, so the search is a read of the live database (its one write goes to
 * temp) and can run before the put-back takes its write lock.
 */
function createTableDifference(db: Db, alias: string, { table, unwrittenSince, putBackFoundFirst }: TableSpec) {
  const worldWhere = WORLD_ROWS.find((r) => r.table === table)!.where;
  const saved = `${alias}.${vaultTable(table)}`;
  const found = `temp.world_${table}_to_drop`;
  const { columns: names, key, keyDeclared, same } = keyedColumns(db, table);
  const rest = names.filter((c) => !key.includes(c));
  // Every column in the index: a row is compared with one seek, never a second read of it.
  db.exec(`CREATE INDEX IF NOT EXISTS ${alias}.saved_${table}_whole ON ${vaultTable(table)}(vault_key, ${[...key, ...rest].join(', ')})`);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS world_${table}_to_drop (${keyDeclared.join(', ')}, PRIMARY KEY (${key.join(', ')})) WITHOUT ROWID`);
  const keyList = key.join(', ');
  const findChanged = db.prepare(`INSERT INTO ${found} (${keyList}) SELECT ${keyList} FROM main.${table}
    WHERE (${worldWhere}) AND NOT EXISTS (SELECT 1 FROM ${saved} v WHERE v.vault_key = @key AND ${same('v', `main.${table}`)})`);
  const forget = db.prepare(`DELETE FROM ${found}`);
  const dropFound = db.prepare(`DELETE FROM main.${table} WHERE (${keyList}) IN (SELECT ${keyList} FROM ${found})`);
  const matchKey = key.map((c) => `m.${c} = v.${c}`).join(' AND ');
  const addMissing = db.prepare(`INSERT INTO main.${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM ${saved} v
    WHERE v.vault_key = ? AND NOT EXISTS (SELECT 1 FROM main.${table} m WHERE ${matchKey})`);
  const addFound = db.prepare(`INSERT INTO main.${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM ${saved} v
    WHERE v.vault_key = ? AND (${key.map((c) => `v.${c}`).join(', ')}) IN (SELECT ${keyList} FROM ${found})`);
  const countLive = db.prepare(`SELECT count(*) FROM main.${table} WHERE ${worldWhere}`).pluck();
  const countSaved = db.prepare(`SELECT count(*) FROM ${saved} WHERE vault_key = ?`).pluck();
  const unwritten = unwrittenSince && db.prepare(unwrittenSince(alias)).pluck();
  return {
    /**
     * Finds the rows to drop, and answers whether the rows left would be the copy's, all of them:
     * none to drop means each is in the copy, and as many as the copy's means none is missing, so the
     * rewind of an unchanged world skips looking each saved row up.
     */
    compare(tenantId: string, vaultKey: string): boolean {
      forget.run();
      const sameCount = countLive.get({ tenant: tenantId }) === countSaved.get(vaultKey);
      // Not written since the copy (their feeds' numbers): each row is the copy's, with no look-up.
      if (sameCount && unwritten?.get({ tenant: tenantId, key: vaultKey }) === 1) return true;
      return findChanged.run({ tenant: tenantId, key: vaultKey }).changes === 0 && sameCount;
    },
    /**
     * Deletes the rows the last comparison found; with `missing`, inserts the copy's rows not there.
     * `putBackFoundFirst`: first the copy's rows of the keys found (a ride a test's advance changed),
     * by those keys; then, only when the world still has fewer rows than the copy (one it no longer
     * has at all), by a look-up of every saved row. After an advance nothing but the found differ,
     * and that look-up of the ~22,000 rides of a 50-vehicle month was most of the put-back.
     */
    apply(tenantId: string, vaultKey: string, missing: boolean): void {
      dropFound.run();
      if (missing && putBackFoundFirst) {
        addFound.run(vaultKey);
        if (countLive.get({ tenant: tenantId }) !== countSaved.get(vaultKey)) addMissing.run(vaultKey);
      } else if (missing) addMissing.run(vaultKey);
      forget.run();
    },
  };
}

/** The difference of several tables, compared and applied together. */
export function createRowDifference(db: Db, alias: string, specs: readonly TableSpec[]) {
  const tables = specs.map((spec) => createTableDifference(db, alias, spec));
  return {
    /** Which tables' rows are all the copy's already (index by index with `specs`). */
    compare: (tenantId: string, vaultKey: string): boolean[] => tables.map((t) => t.compare(tenantId, vaultKey)),
    apply(tenantId: string, vaultKey: string, allSaved: readonly boolean[]): void {
      tables.forEach((t, i) => t.apply(tenantId, vaultKey, !allSaved[i]));
    },
  };
}
