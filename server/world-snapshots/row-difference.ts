import type { Db } from '../db/open.ts';
import { vaultTable } from '../db/row-vault.ts';
import { TENANT_ROWS } from '../tenants/purge.ts';

/**
 * The tables a world restore puts back by difference, not wholesale: by far the most rows of a world
 * (a 50-vehicle world with 30 days: ~36,000 rides, ~3,000 daily rows, ~600 others), and no other
 * table's rows refer to theirs. A row the same in the copy is left in place, so a rewind after a test
 * that changed little writes little; rides not written at all since the copy are not even compared.
 * The world's rows are those the tenant's purge deletes.
 */
export const BY_DIFFERENCE: readonly { table: string; key: readonly string[]; unwrittenSince?: (alias: string) => string }[] = [
  { table: 'rides', key: ['feed', 'id'], unwrittenSince: (alias) => RIDES_UNWRITTEN(alias) },
  { table: 'daily_earnings', key: ['id'] },
];

/**
 * Whether none of the world's ride feeds was written since the copy: the same feeds, each with the
 * same number of its last write (migration 010, taken by every page of rides the ingestion changes,
 * server/rides/store.ts). 0 is an unknown number, never taken as the same.
 */
const RIDES_UNWRITTEN = (alias: string) => `SELECT
  (SELECT count(*) FROM main.ride_feeds WHERE tenant_id = @tenant) = (SELECT count(*) FROM ${alias}.${vaultTable('ride_feeds')} WHERE vault_key = @key)
  AND NOT EXISTS (SELECT 1 FROM main.ride_feeds l WHERE l.tenant_id = @tenant AND (l.written = 0 OR NOT EXISTS (
    SELECT 1 FROM ${alias}.${vaultTable('ride_feeds')} s WHERE s.vault_key = @key AND s.id = l.id AND s.written = l.written)))`;

/**
 * One table's world rows made equal to a copy's: those not in it (or different) found, then deleted,
 * the missing inserted. The found keys wait in a table of the connection's temp database, so the
 * search is a read of the live database (its one write goes to temp) and can run before the
 * put-back takes its write lock.
 */
function createTableDifference(db: Db, alias: string, { table, key, unwrittenSince }: (typeof BY_DIFFERENCE)[number]) {
  const worldWhere = TENANT_ROWS.find((r) => r.table === table)!.where;
  const saved = `${alias}.${vaultTable(table)}`;
  const found = `temp.world_${table}_to_drop`;
  const columns = db.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as { name: string; type: string }[];
  const names = columns.map((c) => c.name);
  const rest = names.filter((c) => !key.includes(c));
  // Every column in the index: a row is compared with one seek, never a second read of it.
  db.exec(`CREATE INDEX IF NOT EXISTS ${alias}.saved_${table}_whole ON ${vaultTable(table)}(vault_key, ${[...key, ...rest].join(', ')})`);
  const keyColumns = columns.filter((c) => key.includes(c.name)).map((c) => `${c.name} ${c.type} NOT NULL`);
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS world_${table}_to_drop (${keyColumns.join(', ')}, PRIMARY KEY (${key.join(', ')})) WITHOUT ROWID`);
  // The key by equality (the index), every other column by IS (nulls equal).
  const same = names.map((c) => (key.includes(c) ? `v.${c} = main.${table}.${c}` : `v.${c} IS main.${table}.${c}`)).join(' AND ');
  const keyList = key.join(', ');
  const findChanged = db.prepare(`INSERT INTO ${found} (${keyList}) SELECT ${keyList} FROM main.${table}
    WHERE (${worldWhere}) AND NOT EXISTS (SELECT 1 FROM ${saved} v WHERE v.vault_key = @key AND ${same})`);
  const forget = db.prepare(`DELETE FROM ${found}`);
  const dropFound = db.prepare(`DELETE FROM main.${table} WHERE (${keyList}) IN (SELECT ${keyList} FROM ${found})`);
  const matchKey = key.map((c) => `m.${c} = v.${c}`).join(' AND ');
  const addMissing = db.prepare(`INSERT INTO main.${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM ${saved} v
    WHERE v.vault_key = ? AND NOT EXISTS (SELECT 1 FROM main.${table} m WHERE ${matchKey})`);
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
      // Not written since the copy (rides: their feeds' numbers): each row is the copy's, with no look-up.
      if (sameCount && unwritten?.get({ tenant: tenantId, key: vaultKey }) === 1) return true;
      return findChanged.run({ tenant: tenantId, key: vaultKey }).changes === 0 && sameCount;
    },
    /** Deletes the rows the last comparison found; with `missing`, inserts the copy's rows not there. */
    apply(vaultKey: string, missing: boolean): void {
      dropFound.run();
      forget.run();
      if (missing) addMissing.run(vaultKey);
    },
  };
}

/** Every BY_DIFFERENCE table's difference, compared and applied together. */
export function createRowDifference(db: Db, alias: string) {
  const tables = BY_DIFFERENCE.map((spec) => createTableDifference(db, alias, spec));
  return {
    /** Which tables' rows are all the copy's already (index by index with BY_DIFFERENCE). */
    compare: (tenantId: string, vaultKey: string): boolean[] => tables.map((t) => t.compare(tenantId, vaultKey)),
    apply(vaultKey: string, allSaved: readonly boolean[]): void {
      tables.forEach((t, i) => t.apply(vaultKey, !allSaved[i]));
    },
  };
}
