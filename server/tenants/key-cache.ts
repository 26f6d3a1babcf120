import { changeStamp } from '../db/change-stamp.ts';
import type { Db } from '../db/open.ts';

/**
 * Every request reads its key and the key's tenant, mostly the same few again and again. The rows
 * found are kept by prefix while the database's change stamp (db/change-stamp.ts) stays the same:
 * any write of this connection (a revocation, a tenant's new clock offset, a deletion, a rolled-back
 * one too) or any commit of another (the world rows' thread, the ingestion thread, another process)
 * drops them all, and the next request reads again. Only keys found are kept: prefixes are the
 * client's to choose.
 */
export function keyRowsCache<T>(db: Db, read: (prefix: string) => T | undefined): (prefix: string) => T | undefined {
  const stampNow = changeStamp(db);
  const byPrefix = new Map<string, T>();
  let stamp = '';
  return (prefix) => {
    // Taken before the read: what is kept is never tagged newer than the rows it came from.
    const now = stampNow();
    if (now !== stamp) {
      byPrefix.clear();
      stamp = now;
    }
    const kept = byPrefix.get(prefix);
    if (kept !== undefined) return kept;
    const found = read(prefix);
    if (found !== undefined) byPrefix.set(prefix, found);
    return found;
  };
}
