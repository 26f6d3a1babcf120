import type { SimClock } from '../lib/clock.ts';

/** The least real time between two window re-reads while simulated time only follows real time. */
export const RESYNC_EVERY_REAL_MS = 15_000;

/**
 * When the background ingestion is worth running. Nothing in the simulated world changes unless
 * simulated time moves, so a frozen clock re-reads nothing; a jump (`clock advance`) is read at once;
 * a clock that follows real time is read every 15 real seconds, since re-reading every tenant's
 * unsettled platform_b window each second (the sync period) would keep a big fleet's API busy.
 * Real time here protects the process (contract §1: two kinds of time).
 */
export function createSyncThrottle(clock: SimClock, realNowMs: () => number) {
  let last: { simMs: number; realMs: number } | null = null;
  return {
    due(): boolean {
      const now = { simMs: clock.nowMs(), realMs: realNowMs() };
      if (last !== null) {
        const realGap = now.realMs - last.realMs;
        const jumped = now.simMs - last.simMs > realGap + 1_000;
        const moved = now.simMs !== last.simMs && realGap >= RESYNC_EVERY_REAL_MS;
        if (!jumped && !moved) return false;
      }
      last = now;
      return true;
    },
  };
}
