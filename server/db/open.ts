import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { migrate, type Migration } from './migrate.ts';
import { makeDirectory } from '../lib/make-directory.ts';
import { sqliteTempDir } from '../lib/temp-dir.ts';
import { API_MIGRATIONS } from './migrations/index.ts';
import { lazyStatements } from './lazy-statements.ts';

export type Db = Database.Database;

/**
 * Opens (creating if needed) a SQLite database and applies the pending migrations. `file` may be a
 * serialized database instead: it opens in memory as a copy (tests copy one migrated template).
 */
export function openDatabase(file: string | Buffer, migrations: Migration[] = API_MIGRATIONS): Db {
  if (typeof file === 'string' && file !== ':memory:') makeDirectory(dirname(file));
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Another process (the CLI) may write while the server runs; wait instead of failing at once.
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  // Ride ingestion writes millions of index entries for a big fleet; with SQLite's default 2 MB page
  // cache the hot index pages keep being evicted and read again (measured: about a third slower).
  // The cache only grows as pages are used, so a small data dir pays nothing for the limit.
  db.pragma('cache_size = -65536');
  // A checkpoint (copy the WAL back, fsync) every ~40 MB of WAL instead of SQLite's 4 MB: ride
  // ingestion commits a page of 25 000 rides at a time, and at 4 MB every commit paid for one. serve's
  // two databases are checkpointed by a thread of their own (checkpoints.ts): this is the fallback.
  db.pragma('wal_autocheckpoint = 10000');
  // With no writable temporary directory (a container run --read-only without a tmpfs), SQLite's
  // temporaries stay in memory: spilled to a file, platform_b's bigger queries failed, and every
  // world's registrations there answered 503 from then on. Only then: world snapshots' copies are
  // temporary databases (db/row-vault.ts), which a writable directory keeps out of memory.
  if (sqliteTempDir() === null) db.pragma('temp_store = MEMORY');
  immediateTransactions(db);
  migrate(db, migrations);
  lazyStatements(db);
  return db;
}

/**
 * Every `db.transaction(fn)` of the connection begins IMMEDIATE, taking the write lock at BEGIN,
 * where SQLite waits (busy_timeout) while another connection writes: the ingestion writer thread
 * (server/ingestion/writer.ts) or the CLI. better-sqlite3's default, DEFERRED, cannot wait once
 * the transaction has read: its first write then fails at once with SQLITE_BUSY, or with
 * SQLITE_BUSY_SNAPSHOT when the other connection committed after that read. Nearly every
 * transaction of the code base writes (docs/decisions.md names the two that may only read).
 */
function immediateTransactions(db: Db): void {
  const begin = db.transaction.bind(db);
  // The IMMEDIATE variant carries the other variants as properties, as better-sqlite3 makes them.
  db.transaction = ((fn: (...args: never[]) => unknown) => begin(fn).immediate) as Db['transaction'];
}
