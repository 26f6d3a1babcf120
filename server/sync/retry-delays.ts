/**
 * Real time before a world whose read failed is tried again by the background: doubling from 1 s to
 * 30 s. Tried every second, a world whose platform calls time out (a `slow` fault of its own) made
 * each background run several platform timeouts long, and the other worlds' advances waited for them.
 */
export const retryDelayMs = (failures: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));

/**
 * The worlds whose last try failed, how many times in a row, and from when the background tries
 * each again: kept by the sync runner (platform records, runner.ts) and the rides' throttle
 * (ingestion/throttle.ts) alike. A try that succeeds starts the next failure's delay afresh.
 */
export function createRetryDelays(realNowMs: () => number) {
  const failures = new Map<string, { count: number; againAtMs: number }>();
  // Each outcome told is numbered; per world, the number of its last. A run's outcome told once the
  // run has ended is not the world's latest if another run told one since the first began: a world's
  // run (its advance) goes beside the background's, and a success of a read before its failure
  // would otherwise wipe that failure's delay.
  let told = 0;
  const lastTold = new Map<string, number>();
  /** Whether no outcome of the world was told since `since` (`begin`); if so, this one is numbered. */
  const latest = (world: string, since?: number): boolean => {
    if (since !== undefined && (lastTold.get(world) ?? 0) > since) return false;
    lastTold.set(world, ++told);
    return true;
  };
  return {
    /** Taken as a run begins: its outcomes told with it count only where no later one was told meanwhile. */
    begin: (): number => told,
    failed(world: string, since?: number): void {
      if (!latest(world, since)) return;
      const count = (failures.get(world)?.count ?? 0) + 1;
      failures.set(world, { count, againAtMs: realNowMs() + retryDelayMs(count) });
    },
    succeeded: (world: string, since?: number): void => void (latest(world, since) && failures.delete(world)),
    /** Whether the world's delay runs still at `nowMs`. */
    waiting: (world: string, nowMs = realNowMs()): boolean => (failures.get(world)?.againAtMs ?? 0) > nowMs,
    /** Whether some world's delay is over at `nowMs` (Infinity: whether any world failed at all). */
    anyDue: (nowMs: number): boolean => [...failures.values()].some((f) => f.againAtMs <= nowMs),
    /** Worlds no longer among these (deleted) are forgotten. */
    keepOnly(worlds: ReadonlySet<string>): void {
      for (const world of failures.keys()) if (!worlds.has(world)) failures.delete(world);
      for (const world of lastTold.keys()) if (!worlds.has(world)) lastTold.delete(world);
    },
    clear: (): void => (failures.clear(), lastTold.clear()),
  };
}
