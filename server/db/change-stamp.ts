import type { Db } from './open.ts';

/**
 * A stamp of what a connection can know, without reading any table, about changes to its database:
 * equal stamps mean nothing was written in between, by anyone. It joins two counters SQLite keeps
 * per connection:
 * - `total_changes()`: rows this connection has written, committed or rolled back (it never goes
 *   down, so a rollback errs towards "changed"); it takes no lock;
 * - `PRAGMA data_version`: moves when another connection commits (any table, any process, such as
 *   the CLI writing the data dir while serve runs); it takes a statement's read lock.
 * What a caller keeps under a stamp must be read after the stamp is taken, so that it is never
 * tagged newer than the data it came from.
 */
export function changeStamp(db: Db): () => string {
  const ownWrites = db.prepare('SELECT total_changes()').pluck();
  const othersCommits = db.prepare('PRAGMA data_version').pluck();
  return () => `${ownWrites.get()}|${othersCommits.get()}`;
}
