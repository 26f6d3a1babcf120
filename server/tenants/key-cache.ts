import type { Db } from '../db/open.ts';

/** The tables a key's lookup reads (tenants/store.ts, keyWithTenant). */
const TABLES = ['api_keys', 'tenants'] as const;
const CHANGED = 'fleet_key_rows_changed';

interface Rows {
  /** Bumped by this connection's writes to TABLES (temporary triggers). */
  writes: number;
  dataVersion: () => number;
  seen: { writes: number; dataVersion: number };
  byPrefix: Map<string, unknown>;
}

const perConnection = new WeakMap<Db, Rows | null>();

function watch(db: Db): Rows | null {
  const rows: Rows = { writes: 0, dataVersion: () => 0, seen: { writes: -1, dataVersion: -1 }, byPrefix: new Map() };
  try {
    db.function(CHANGED, () => {
      rows.writes++;
      return null;
    });
    for (const table of TABLES) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${CHANGED}_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table} BEGIN SELECT ${CHANGED}(); END`);
      }
    }
    const version = db.prepare('PRAGMA data_version').pluck();
    rows.dataVersion = () => version.get() as number;
    return rows;
  } catch {
    return null; // a connection that cannot hold temporary triggers reads every time.
  }
}

/**
 * Every request reads its key and the key's tenant, mostly the same few again and again. The rows
 * found are kept by prefix until anything could have changed them: a write of this connection to
 * either table (temporary triggers count them, a rolled-back one too) or a commit of any other
 * connection (`PRAGMA data_version`: the world rows' thread, the ingestion thread, another
 * process). A revocation, a tenant's new clock offset or a deletion is seen by the next request, as
 * with a read each time. Only keys found are kept: prefixes are the client's to choose.
 */
export function keyRowsCache<T>(db: Db, read: (prefix: string) => T | undefined): (prefix: string) => T | undefined {
  if (!perConnection.has(db)) perConnection.set(db, watch(db));
  const rows = perConnection.get(db)!;
  if (rows === null) return read;
  return (prefix) => {
    const dataVersion = rows.dataVersion();
    if (rows.seen.writes !== rows.writes || rows.seen.dataVersion !== dataVersion) {
      rows.byPrefix.clear();
      rows.seen = { writes: rows.writes, dataVersion };
    }
    const kept = rows.byPrefix.get(prefix) as T | undefined;
    if (kept !== undefined) return kept;
    const found = read(prefix);
    if (found !== undefined) rows.byPrefix.set(prefix, found);
    return found;
  };
}
