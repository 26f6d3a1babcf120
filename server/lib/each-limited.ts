/**
 * Runs `task` over `items` with at most `limit` in flight, in order of start, and gives the results
 * in the items' order; resolves when all have settled, rejecting with the first failure (no new
 * item starts after it). Work spread over another process (the simulators) and the writer thread
 * overlaps this way instead of waiting call after call.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && failure === null) {
      const i = next++;
      try {
        results[i] = await task(items[i], i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}

/**
 * Platform calls in flight while the sync reads records (registrations under review, invitations
 * still moving): one after another, a world whose platform answers slowly held its run, and every
 * other world's advance queued behind it, for a call's time per record.
 */
export const SYNC_CALLS_AT_ONCE = 8;

/** mapLimited for work whose results nobody reads. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  await mapLimited(items, limit, task);
}
