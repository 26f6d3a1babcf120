import { shareWithFolderGroup } from './group-share.ts';
import type { Db } from './open.ts';

/** Which rows of a table belong to the unit saved (a world): a WHERE clause over named parameters. */
export interface RowSelection {
  table: string;
  where: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A table's columns as a restore by difference reads them (server/world-snapshots/row-difference.ts,
 * simulators/common/records-difference.ts): quoted (a column may be named as an SQL word, `date`),
 * the primary key's last and in key order; `same` says two rows under aliases `a` and `b` are equal,
 * the key by equality (an index serves it), every other column by IS (nulls equal).
 */
export function keyedColumns(db: Db, table: string) {
  const info = db.prepare('SELECT name, type, pk FROM pragma_table_info(?) ORDER BY pk').all(table) as { name: string; type: string; pk: number }[];
  const inKey = info.filter((c) => c.pk > 0);
  return {
    columns: info.map((c) => quote(c.name)),
    key: inKey.map((c) => quote(c.name)),
    /** The key's columns with their types, as a table holding keys declares them. */
    keyDeclared: inKey.map((c) => `${quote(c.name)} ${c.type} NOT NULL`),
    same: (a: string, b: string) => info.map((c) => `${a}.${quote(c.name)} ${c.pk > 0 ? '=' : 'IS'} ${b}.${quote(c.name)}`).join(' AND '),
  };
}

/**
 * The vault's table for a live one: another name, so that a statement naming the live table never
 * lands in the vault (SQLite looks a bare name up in every attached database).
 */
export const vaultTable = (table: string) => `saved_${table}`;

export interface VaultOptions {
  /** A file for the copies, kept when the process ends; '' (the default): a temporary database. */
  file?: string;
}

/** The vault's pages kept in memory (its connection's cache for it): see createRowVault. */
const VAULT_CACHE_KB = 32 * 1024;

/**
 * Copies of chosen rows kept beside a live database, in a temporary database attached to one
 * connection to it: a save and a restore are `INSERT … SELECT` statements that never leave SQLite, so
 * a world of tens of thousands of rows goes in and out in milliseconds. Each copy is named (`key`);
 * every vault table is its live table's columns plus that key. SQLite deletes the temporary file when
 * the connection closes: a restart loses the copies, unless the vault is a file of its own (`file`). Up to VAULT_CACHE_KB of its pages stay in memory
 * (a 50-vehicle world's copies, ~15 MB of pages, fit); the rest is read from the file (through the
 * system's page cache): as an in-memory database, a year of 500 vehicles held ~1.25 GB of serve's
 * memory a copy, and two or three copies could take a CI machine's memory.
 * Saves and drops write the vault alone, so their transactions are DEFERRED: an IMMEDIATE one takes
 * the write lock of every attached database, the live one too, and would hold other connections'
 * writes (server/db/open.ts) for nothing.
 */
export function createRowVault(db: Db, alias: string, selections: readonly RowSelection[], { file = '' }: VaultOptions = {}) {
  // A second app on the same connection (tests do it) shares the vault already attached.
  const attached = (db.prepare('SELECT name FROM pragma_database_list').pluck().all() as string[]).includes(alias);
  if (!attached) {
    db.prepare(`ATTACH DATABASE ? AS ${alias}`).run(file);
    db.pragma(`${alias}.cache_size = -${VAULT_CACHE_KB}`);
    // A file of its own outlives its process (a crash, a kill): written ahead, never synced to the
    // disk, which only a machine's crash would need (the copies are a test run's, made again then).
    if (file !== '') {
      // Before its -wal and -shm are made, which take its mode: a container's /data shared with its group (group-share.ts).
      shareWithFolderGroup(file);
      db.pragma(`${alias}.journal_mode = WAL`);
      db.pragma(`${alias}.synchronous = OFF`);
    }
  }
  const tables = [...new Set(selections.map((s) => s.table))];
  // Every key a copy is kept under, rows or none (a world with no platform records saves an empty copy).
  db.exec(`CREATE TABLE IF NOT EXISTS ${alias}.vault_keys (vault_key TEXT PRIMARY KEY) WITHOUT ROWID`);
  const columns = new Map<string, string>();
  for (const table of tables) {
    const names = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).map(quote);
    columns.set(table, names.join(', '));
    db.exec(`CREATE TABLE IF NOT EXISTS ${alias}.${quote(vaultTable(table))} AS SELECT '' AS vault_key, * FROM main.${quote(table)} WHERE 0;
      CREATE INDEX IF NOT EXISTS ${alias}.${quote(vaultTable(table) + '_vault_key')} ON ${quote(vaultTable(table))}(vault_key);`);
  }
  // What the rows weigh, column by column: the size a saved world reports.
  const weight = (table: string) => columns.get(table)!.split(', ').map((c) => `coalesce(length(${c}), 0)`).join(' + ');
  const saves = selections.map(({ table, where }) =>
    db.prepare(`INSERT INTO ${alias}.${quote(vaultTable(table))} SELECT @vault_key, * FROM main.${quote(table)} WHERE ${where}`));
  const saved = (t: string) => `${alias}.${quote(vaultTable(t))}`;
  const weights = tables.map((t) => db.prepare(`SELECT coalesce(sum(${weight(t)}), 0) FROM ${saved(t)} WHERE vault_key = ?`).pluck());
  const drops = tables.map((t) => db.prepare(`DELETE FROM ${saved(t)} WHERE vault_key = ?`));
  const dropsByPrefix = tables.map((t) => db.prepare(`DELETE FROM ${saved(t)} WHERE substr(vault_key, 1, length(@prefix)) = @prefix`));
  const loads = new Map(tables.map((t) => {
    const cols = columns.get(t)!;
    return [t, db.prepare(`INSERT INTO main.${quote(t)} (${cols}) SELECT ${cols} FROM ${saved(t)} WHERE vault_key = ?`)];
  }));

  const addKey = db.prepare(`INSERT OR IGNORE INTO ${alias}.vault_keys (vault_key) VALUES (?)`);
  const dropKey = db.prepare(`DELETE FROM ${alias}.vault_keys WHERE vault_key = ?`);
  const dropKeysByPrefix = db.prepare(`DELETE FROM ${alias}.vault_keys WHERE substr(vault_key, 1, length(@prefix)) = @prefix`);
  const everyKey = db.prepare(`SELECT vault_key FROM ${alias}.vault_keys`).pluck();
  const hasKey = db.prepare(`SELECT 1 FROM ${alias}.vault_keys WHERE vault_key = ?`);
  const drop = (key: string) => {
    drops.forEach((s) => s.run(key));
    dropKey.run(key);
  };

  return {
    /** Copies the selected rows under `key` (replacing an older copy); answers their size in bytes. */
    save: db.transaction((key: string, params: Record<string, unknown>): number => {
      drop(key);
      for (const save of saves) save.run({ ...params, vault_key: key });
      addKey.run(key);
      return weights.reduce((sum, w) => sum + (w.get(key) as number), 0);
    }).deferred,
    /** Whether a copy is kept under `key`. */
    has: (key: string): boolean => hasKey.get(key) !== undefined,
    /**
     * Inserts the copy's rows into the live tables, in `order` (parents before children). Call inside
     * the caller's transaction, once the rows they replace are deleted.
     */
    loadInto(key: string, order: readonly string[] = tables): void {
      for (const table of order) loads.get(table)!.run(key);
    },
    /** Every key a copy is saved under, empty ones too (a vault in a file holds those of the process before). */
    keys: (): string[] => everyKey.all() as string[],
    drop: db.transaction(drop).deferred,
    /** Drops every copy whose key starts with `prefix` (all of one world's). */
    dropPrefix: db.transaction((prefix: string) => {
      dropsByPrefix.forEach((s) => s.run({ prefix }));
      dropKeysByPrefix.run({ prefix });
    }).deferred,
  };
}

export type RowVault = ReturnType<typeof createRowVault>;
