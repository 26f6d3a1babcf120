import type { Db } from '../db/open.ts';

/** Past this many keys the cache starts over: a bound on memory, whatever callers present. */
export const MAX_KEYS = 1024;

/**
 * Rows read by key prefix, kept only while the database provably has not changed since they were
 * read, so that a key revoked or a tenant approved anywhere (the CLI writes the data dir from
 * another process) counts from the very next request. Every request authenticates: the join of key
 * and tenant, its row built into an object, was one of its two statements (docs/performance.md).
 *
 * Before each lookup, two signals are read; either one moving empties the cache:
 * - this connection's `total_changes()`: grows with every row it writes, committed or rolled back;
 * - `PRAGMA data_version`: changes when another connection commits (any table, any process).
 * Both are read before a miss loads its row, so a row is never tagged newer than the data it came
 * from. Only found keys are kept: unknown prefixes cost their statement every time and cannot fill
 * the cache.
 *
 * One cache per connection (not per store: several stores share a connection, and a write through
 * one must reach the others), kept in a WeakMap.
 */
export interface KeyCache<T> {
  get(prefix: string, load: (prefix: string) => T | undefined): T | undefined;
}

const caches = new WeakMap<Db, KeyCache<unknown>>();

export function keyCacheOf<T>(db: Db): KeyCache<T> {
  let cache = caches.get(db);
  if (cache === undefined) caches.set(db, (cache = createKeyCache(db)));
  return cache as KeyCache<T>;
}

function createKeyCache<T>(db: Db): KeyCache<T> {
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const commitsSeen = otherCommits(db);
  const rows = new Map<string, T>();
  let changesSeen: unknown = null;
  return {
    get(prefix, load) {
      const changes = totalChanges.get();
      if (commitsSeen() || changes !== changesSeen) {
        rows.clear();
        changesSeen = changes;
      }
      let row = rows.get(prefix);
      if (row === undefined) {
        row = load(prefix);
        if (row === undefined) return undefined;
        if (rows.size >= MAX_KEYS) rows.clear();
        rows.set(prefix, row);
      }
      return row;
    },
  };
}

/**
 * A function telling whether another connection has committed since it was last called (true on
 * the first call): `PRAGMA data_version`, SQLite's own answer. An in-memory database has no other
 * connection. (One `pread` of the WAL-index header would tell the same without a statement's read
 * locks; under load it measured no faster: docs/performance.md.)
 */
function otherCommits(db: Db): () => boolean {
  if (db.memory) return () => false;
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen: unknown = null;
  return () => seen !== (seen = dataVersion.get());
}
