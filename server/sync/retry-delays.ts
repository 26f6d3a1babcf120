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
  return {
    failed(world: string): void {
      const count = (failures.get(world)?.count ?? 0) + 1;
      failures.set(world, { count, againAtMs: realNowMs() + retryDelayMs(count) });
    },
    succeeded: (world: string): void => void failures.delete(world),
    /** Whether the world's delay runs still at `nowMs`. */
    waiting: (world: string, nowMs = realNowMs()): boolean => (failures.get(world)?.againAtMs ?? 0) > nowMs,
    /** Whether some world's delay is over at `nowMs` (Infinity: whether any world failed at all). */
    anyDue: (nowMs: number): boolean => [...failures.values()].some((f) => f.againAtMs <= nowMs),
    /** Worlds no longer among these (deleted) are forgotten. */
    keepOnly(worlds: ReadonlySet<string>): void {
      for (const world of failures.keys()) if (!worlds.has(world)) failures.delete(world);
    },
    clear: (): void => failures.clear(),
  };
}
