import type { ClockState } from '../../server/lib/clock.ts';
import type { SimDb } from '../db.ts';

/** The clock the API last pushed, or null on a new data dir. */
export function readClockState(db: SimDb): ClockState | null {
  const row = db.prepare('SELECT frozen_at_ms, offset_ms FROM clock_state WHERE id = 1').get() as
    | { frozen_at_ms: number | null; offset_ms: number }
    | undefined;
  return row ? { frozenAtMs: row.frozen_at_ms, offsetMs: row.offset_ms } : null;
}

export function writeClockState(db: SimDb, state: ClockState): void {
  db.prepare(
    `INSERT INTO clock_state (id, frozen_at_ms, offset_ms) VALUES (1, ?, ?)
     ON CONFLICT(id) DO UPDATE SET frozen_at_ms = excluded.frozen_at_ms, offset_ms = excluded.offset_ms`,
  ).run(state.frozenAtMs, state.offsetMs);
}
