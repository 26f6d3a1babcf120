import type { ClockState, SimClock } from '../lib/clock.ts';

/** The least real time between two window re-reads while simulated time only follows real time. */
export const RESYNC_EVERY_REAL_MS = 15_000;

/**
 * When the background ingestion is worth running. Nothing in the simulated world changes unless
 * simulated time moves: after a `clock advance` (the clock's offset changed) it runs at once; a
 * frozen clock is not read again; a clock that follows real time is read every 15 real seconds,
 * since re-reading every tenant's unsettled platform_b window at each sync tick (every second) would
 * keep a big fleet's API busy. Real time here protects the process (contract §1: two kinds of time).
 */
export function createSyncThrottle(clock: SimClock, realNowMs: () => number) {
  let last: { state: ClockState; realMs: number } | null = null;
  return {
    due(): boolean {
      const now = { state: clock.getState(), realMs: realNowMs() };
      if (last !== null) {
        const advanced = now.state.offsetMs !== last.state.offsetMs || now.state.frozenAtMs !== last.state.frozenAtMs;
        const flowing = now.state.frozenAtMs === null && now.realMs - last.realMs >= RESYNC_EVERY_REAL_MS;
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
