import { AppError } from '../errors.ts';
import { eachLimited, SYNC_CALLS_AT_ONCE } from '../lib/each-limited.ts';
import { PLATFORM_FAULT_HEADER } from '../lib/platform-fault-header.ts';

/** A 503 made by a platform fault of one world's own (its other worlds' calls go through). */
const worldFault = (err: unknown): boolean =>
  err instanceof AppError && (err.headers[PLATFORM_FAULT_HEADER] ?? '').endsWith('scope=world');

/**
 * Reads records one platform call each, SYNC_CALLS_AT_ONCE at a time, over one world's records or
 * every world's. A world whose own platform fault refuses a call has its other records left for the
 * next run while the other worlds go on; a platform down for every world ends the pass (no new call
 * starts). Any other failure is one record's. The first failure is thrown at the end, for the sync
 * runner to log and to read again where it failed.
 */
export async function syncEach<T>(rows: readonly T[], worldOf: (row: T) => string | undefined, read: (row: T) => Promise<unknown>): Promise<void> {
  let firstError: unknown = null;
  const refused = new Set<string>();
  await eachLimited(rows, SYNC_CALLS_AT_ONCE, async (row) => {
    const world = worldOf(row);
    if (world === undefined || refused.has(world)) return;
    try {
      await read(row);
    } catch (err) {
      firstError ??= err;
      if (worldFault(err)) refused.add(world);
      else if (err instanceof AppError && err.code === 'PLATFORM_UNAVAILABLE') throw err;
    }
  });
  if (firstError) throw firstError;
}
