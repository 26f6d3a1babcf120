import { statSync, watch } from 'node:fs';
import { changeCounters } from '../db/change-stamp.ts';
import type { Db } from '../db/open.ts';

/** Past this many keys the cache starts over: a bound on memory, whatever callers present. */
export const MAX_KEYS = 1024;

/**
 * Rows read by key prefix, kept only while nothing has been written to the database since they
 * were read, so that a key revoked or a tenant approved anywhere (the CLI writes the data dir from
 * another process) counts from the very next request. Every request authenticates: the join of key
 * and tenant, its row built into an object, was one of its two statements (docs/performance.md).
 *
 * Before each lookup, any write since the last one (`changeSignal`: by this connection, through any
 * store, or by another) empties the cache. Only found keys are kept: unknown prefixes cost their
 * statement every time and cannot fill it.
 */
export interface KeyCache<T> {
  get(prefix: string): T | undefined;
}

export function createKeyCache<T>(db: Db, load: (prefix: string) => T | undefined): KeyCache<T> {
  const changed = changeSignal(db);
  const rows = new Map<string, T>();
  return {
    get(prefix) {
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

/**
 * How long after the log's last write every lookup also reads `PRAGMA data_version`: longer than a
 * writer takes between writing its frames and publishing its commit (see changeSignal).
 */
export const SETTLE_MS = 1000;

/**
 * A function telling whether anything may have been written to the database since its last call
 * (true on the first): by this connection, or by another one, in this process or another.
 *
 * By default both of the connection's change counters are read (db/change-stamp.ts); `PRAGMA
 * data_version` takes and releases a read lock: two `fcntl` calls on every request, about 5 % of one
 * here (docs/performance.md). A file database in WAL mode needs it only around writes. Every
 * commit, by any process, first writes its frames to the `-wal` file, and the file system says so
 * (inotify on Linux, kqueue on macOS) with no system call per request: the event is queued by that
 * write, so the event loop meets it before any request sent after the commit returned. The commit
 * becomes visible a moment after those writes, when the writer publishes it in the shared WAL
 * index (memory, no event). So an event opens a window of SETTLE_MS in which every lookup reads
 * the stamp, and the publication is seen whenever it lands in it. Outside those windows, this
 * connection's own writes are counted by `total_changes()`, which takes no lock. If the watch
 * cannot be had (no `-wal` file, watch limits), or ends (the file replaced, the database closed),
 * the stamp is read on every lookup.
 */
export function changeSignal(db: Db, nowMs: () => number = () => performance.now()): () => boolean {
  const { ownWrites, othersCommits } = changeCounters(db);
  let writesSeen: unknown = null;
  let commitsSeen: unknown = null;
  const ownChanged = () => writesSeen !== (writesSeen = ownWrites.get());
  const othersChanged = () => commitsSeen !== (commitsSeen = othersCommits.get());
  const stamp = () => {
    const own = ownChanged(); // both read, always: each keeps its last value
    return othersChanged() || own;
  };
  if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') return stamp;

  const wal = `${db.name}-wal`;
  const inodeOf = () => {
    try {
      return statSync(wal).ino;
    } catch {
      return null;
    }
  };
  const inode = inodeOf();
  if (inode === null) return stamp;
  let watched = true;
  let stampUntil = -Infinity;
  try {
    const watcher = watch(wal, { persistent: false }, () => {
      stampUntil = nowMs() + SETTLE_MS;
      if (!db.open || inodeOf() !== inode) stop(); // closed, or this inode is no longer the log
    });
    const stop = () => ((watched = false), watcher.close());
    watcher.on('error', stop);
  } catch {
    return stamp;
  }
  return () => (!watched || nowMs() <= stampUntil ? stamp() : ownChanged());
}
