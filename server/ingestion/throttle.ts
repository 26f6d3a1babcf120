import type { Clocks } from '../lib/clocks.ts';

/** The least real time between two window re-reads while simulated time only follows real time. */
export const RESYNC_EVERY_REAL_MS = 15_000;

/**
 * When the background ingestion is worth running. Nothing in the simulated world changes unless
 * simulated time moves: after a `clock advance` (of the service time or of any tenant) it runs at
 * once; a frozen clock is not read again; a clock that follows real time is read every 15 real
 * seconds, since re-reading every tenant's unsettled platform_b window at each sync tick (every
 * second) would keep a big fleet's API busy. Real time here protects the process (contract §1: two
 * kinds of time).
 */
export function createSyncThrottle(clocks: Clocks, realNowMs: () => number) {
  let last: { position: string; realMs: number } | null = null;
  return {
    due(): boolean {
      const now = { position: clocks.position(), realMs: realNowMs() };
      if (last !== null) {
        const advanced = now.position !== last.position;
        const flowing = clocks.service.getState().frozenAtMs === null && now.realMs - last.realMs >= RESYNC_EVERY_REAL_MS;
        if (!advanced && !flowing) return false;
      }
      last = now;
      return true;
    },
    /** A run that could not read everything: the next tick tries again, whatever the clock did. */
    retry(): void {
      last = null;
    },
  };
}
