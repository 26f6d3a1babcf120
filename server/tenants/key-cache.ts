import { changeStamp } from '../db/change-stamp.ts';
import type { Db } from '../db/open.ts';

/** Past this many keys the cache starts over: a bound on memory, whatever callers present. */
export const MAX_KEYS = 1024;

/**
 * Rows read by key prefix, kept only while the database provably has not changed since they were
 * read, so that a key revoked or a tenant approved anywhere (the CLI writes the data dir from
 * another process) counts from the very next request. Every request authenticates: the join of key
 * and tenant, its row built into an object, was one of its two statements (docs/performance.md).
 *
 * Before each lookup the connection's change stamp is read (db/change-stamp.ts: this connection's
 * writes and other connections' commits, to any table); a new stamp empties the cache. Only found
 * keys are kept: unknown prefixes cost their statement every time and cannot fill the cache.
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
  const stamp = changeStamp(db);
  const rows = new Map<string, T>();
  let seen: string | null = null;
  return {
    get(prefix, load) {
      const now = stamp();
      if (now !== seen) {
        rows.clear();
        seen = now;
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
