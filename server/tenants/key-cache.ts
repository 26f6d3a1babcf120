import { watch } from 'node:fs';
import { changeStamp } from '../db/change-stamp.ts';
import type { Db } from '../db/open.ts';

/** Past this many keys the cache starts over: a bound on memory, whatever callers present. */
export const MAX_KEYS = 1024;

/**
 * Rows read by key prefix, kept only while nothing has been written to the database since they
 * were read, so that a key revoked or a tenant approved anywhere (the CLI writes the data dir from
 * another process) counts from the very next request. Every request authenticates: the join of key
 * and tenant, its row built into an object, was one of its two statements (docs/performance.md).
 *
 * Before each lookup, any write since the last one (`changeSignal`) empties the cache. Only found
 * keys are kept: unknown prefixes cost their statement every time and cannot fill it.
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
  const changed = changeSignal(db);
  const rows = new Map<string, T>();
  return {
    get(prefix, load) {
      if (changed()) rows.clear();
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

const closeOnCollect = new FinalizationRegistry<() => void>((close) => close());

/**
 * A function telling whether anything may have been written to the database since its last call
 * (true on the first): by this connection, or by another one, in this process or another.
 *
 * By default that is the connection's change stamp (db/change-stamp.ts), whose `PRAGMA
 * data_version` takes and releases a read lock: two `fcntl` calls on every request, about 5 % of one
 * here (docs/performance.md). A file database in WAL mode is cheaper to watch: every commit, by any
 * process, writes its `-wal` file, and the file system says so (inotify on Linux, kqueue on macOS)
 * with no system call per request. The event is queued by the writer's own write, before its commit
 * returns and so before any request sent after it; the event loop meets the two in that order, and
 * the cache is emptied before that request authenticates. This connection's own writes are counted
 * by `total_changes()`, which takes no lock. If the watch cannot be had (no `-wal` file, watch
 * limits) or ends (the file renamed or deleted), the stamp takes over.
 */
function changeSignal(db: Db): () => boolean {
  const stamp = changeStamp(db);
  let stampSeen: string | null = null;
  const byStamp = () => stampSeen !== (stampSeen = stamp());
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return byStamp;

  const ownWrites = db.prepare('SELECT total_changes()').pluck();
  let writesSeen: unknown = null;
  let watched = false;
  let committed = true;
  try {
    const watcher = watch(`${db.name}-wal`, { persistent: false }, (event) => {
      committed = true;
      if (event === 'rename') stop(); // this inode is no longer the log
    });
    const stop = () => ((watched = false), watcher.close());
    watcher.on('error', stop);
    closeOnCollect.register(db, () => watcher.close());
    watched = true;
  } catch {
    return byStamp;
  }
  return () => {
    if (!watched) return byStamp(); // true on its first call: the stamp has not been read before
    const writes = ownWrites.get();
    const changed = committed || writes !== writesSeen;
    committed = false;
    writesSeen = writes;
    return changed;
  };
}
