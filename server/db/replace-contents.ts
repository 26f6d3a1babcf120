import type { Db } from './open.ts';
import { shareWithFolderGroup } from './group-share.ts';

/** The tables a database holds (SQLite's own excepted), in the order they were created. */
const tablesOf = (db: Db, schema: string): string[] =>
  db.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid`).pluck().all() as string[];

const hasSequence = (db: Db, schema: string): boolean =>
  db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined;

const migrationsOf = (db: Db, schema: string): string =>
  (db.prepare(`SELECT group_concat(version) FROM (SELECT version FROM ${schema}.schema_migrations ORDER BY version)`).pluck().get() as string) ?? '';

export class IncompatibleCopyError extends Error {
  constructor() {
    super('the copy was made by another version of the schema');
  }
}

/** Whether the copy in `source` was made from a database of the same migrations as `db` (an older version's is not). */
export function copyFits(db: Db, source: string): boolean {
  shareWithFolderGroup(source);
  db.prepare('ATTACH DATABASE ? AS source').run(source);
  try {
    return attachedFits(db);
  } finally {
    db.exec('DETACH DATABASE source');
  }
}

/** Throws unless the copy in `source` was made from a database of the same migrations as `db`. */
export function assertCompatible(db: Db, source: string): void {
  if (!copyFits(db, source)) throw new IncompatibleCopyError();
}

const attachedFits = (db: Db): boolean => migrationsOf(db, 'main') === migrationsOf(db, 'source');

function checkAttached(db: Db): void {
  if (!attachedFits(db)) throw new IncompatibleCopyError();
}

/**
 * Replaces the rows of every table of `db` with those of the database file `source` (a copy made by
 * VACUUM INTO from a database of the same migrations), in one transaction on the live connection:
 * other connections see the old rows or the new ones, never a mix, and every prepared statement
 * and cache keyed on the connection stays valid (a reopened connection would strand them).
 */
export function replaceContents(db: Db, source: string): void {
  shareWithFolderGroup(source);
  db.prepare("ATTACH DATABASE ? AS source").run(source);
  try {
    checkAttached(db);
    const tables = tablesOf(db, 'main');
    // Rows are copied table by table, so a row may briefly name one not copied yet.
    db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        for (const table of tables) {
          db.exec(`DELETE FROM main."${table}"; INSERT INTO main."${table}" SELECT * FROM source."${table}";`);
        }
        // Last, over what the copies above moved: AUTOINCREMENT's numbers go back with the rows they
        // numbered, so a reset numbers as a new data dir does. (No world copy outlives a replacement.)
        if (hasSequence(db, 'main') && hasSequence(db, 'source')) {
          db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT * FROM source.sqlite_sequence;');
        }
      })();
    } finally {
      db.pragma('foreign_keys = ON');
    }
  } finally {
    db.exec('DETACH DATABASE source');
  }
}

/** A consistent copy of a live database into a new file (which must not exist yet). */
export function copyDatabaseTo(db: Db, file: string): void {
  db.prepare('VACUUM INTO ?').run(file);
  shareWithFolderGroup(file);
}
