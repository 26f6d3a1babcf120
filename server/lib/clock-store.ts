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
  db.transaction(() => {
    saveClock(db, state);
    db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(STARTED_AT, state.frozenAtMs ?? REAL_TIME);
  })();
  return new SimClock(state);
}

/** The FLEET_CLOCK_START a data dir was made with (in `counters`: no migration), REAL_TIME for none. */
const STARTED_AT = 'clock:started_at_ms';
const REAL_TIME = Number.MIN_SAFE_INTEGER; // no date-time parses to it

/**
 * serve's line when FLEET_CLOCK_START names another start than the one the data dir was made with:
 * it is not applied (the stored clock goes on), which a CI reusing a volume would not otherwise
 * notice. Null when it is unset, the same, or the data dir predates the record.
 */
export function clockStartIgnored(db: Db, clockStart: string | null): string | null {
  if (clockStart === null) return null;
  const made = db.prepare('SELECT value FROM counters WHERE name = ?').pluck().get(STARTED_AT) as number | undefined;
  if (made === undefined || made === Date.parse(clockStart)) return null;
  const madeText = made === REAL_TIME ? 'sin FLEET_CLOCK_START (la hora real)' : `en ${new Date(made).toISOString()}`;
  return `FLEET_CLOCK_START=${clockStart} no se aplica: este directorio de datos empezó ${madeText} y sigue en su propia hora; para empezar en esa fecha, usa un FLEET_DATA_DIR nuevo.`;
}

export function saveClock(db: Db, state: ClockState): void {
  db.prepare(
    `INSERT INTO clock_state (id, frozen_at_ms, offset_ms) VALUES (1, @frozenAtMs, @offsetMs)
     ON CONFLICT(id) DO UPDATE SET frozen_at_ms = excluded.frozen_at_ms, offset_ms = excluded.offset_ms`,
  ).run(state);
}
