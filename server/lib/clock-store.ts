import type { Db } from '../db/open.ts';
import { SimClock, type ClockState } from './clock.ts';

/**
 * The simulated clock lives in the API database so that a restart, and every CLI process, sees the
 * same time. FLEET_CLOCK_START only seeds a new data dir; after that the stored state wins.
 */
export function loadClock(db: Db, clockStart: string | null): SimClock {
  const row = db.prepare('SELECT frozen_at_ms, offset_ms FROM clock_state WHERE id = 1').get() as
    | { frozen_at_ms: number | null; offset_ms: number }
    | undefined;
  if (row) return new SimClock({ frozenAtMs: row.frozen_at_ms, offsetMs: row.offset_ms });
  const state: ClockState = { frozenAtMs: clockStart ? Date.parse(clockStart) : null, offsetMs: 0 };
  saveClock(db, state);
  return new SimClock(state);
}

export function saveClock(db: Db, state: ClockState): void {
  db.prepare(
    `INSERT INTO clock_state (id, frozen_at_ms, offset_ms) VALUES (1, @frozenAtMs, @offsetMs)
     ON CONFLICT(id) DO UPDATE SET frozen_at_ms = excluded.frozen_at_ms, offset_ms = excluded.offset_ms`,
  ).run(state);
}
