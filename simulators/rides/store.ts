import type { SimDb } from '../db.ts';
import { mexicoCityDate } from '../../server/lib/mexico-city.ts';
import type { Bounds, DayTotals } from './day.ts';

/** One vehicle-day a platform has served (see migration.ts). */
export interface RideDayRow {
  fleet_id: string;
  service_date: string;
  vehicle_external_id: string;
  driver_external_id: string | null;
  from_ms: number;
  until_ms: number | null;
  open_until_ms: number;
  final_at_ms: number;
  rides: number;
  trips: number;
  gross: number;
  net: number;
  online_minutes: number;
}

const KEY = new Set(['fleet_id', 'service_date', 'vehicle_external_id', 'from_ms']);
const COLUMNS = ['fleet_id', 'service_date', 'vehicle_external_id', 'driver_external_id', 'from_ms', 'until_ms',
  'open_until_ms', 'final_at_ms', 'rides', 'trips', 'gross', 'net', 'online_minutes'] as const;

/** Where a walk through a fleet's stretches stands. */
export interface DayKey {
  date: string;
  vehicle: string;
  fromMs: number;
}

export const boundsOf = (row: RideDayRow): Bounds => ({ fromMs: row.from_ms, untilMs: row.until_ms });

export const totalsOf = (row: RideDayRow): DayTotals => ({
  rides: row.rides, trips: row.trips, gross: row.gross, net: row.net, onlineMinutes: row.online_minutes,
});

/** A fleet's stretches still open at an instant: its days from that instant's day on (parameters: fleet, day, instant). */
export const stillOpenSql = (p: 'pa' | 'pb') => `SELECT * FROM ${p}_ride_days WHERE fleet_id = ? AND service_date >= ? AND open_until_ms > ?`;

/** One platform's `<p>_ride_days` table. */
export function createRideDayStore(db: SimDb, p: 'pa' | 'pb') {
  const save = db.prepare(`INSERT INTO ${p}_ride_days (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
    ON CONFLICT (fleet_id, service_date, vehicle_external_id, from_ms) DO UPDATE SET
    ${COLUMNS.filter((c) => !KEY.has(c)).map((c) => `${c} = excluded.${c}`).join(', ')}`);
  const latest = db.prepare(`SELECT service_date, until_ms FROM ${p}_ride_days WHERE vehicle_external_id = ?
    ORDER BY service_date DESC, from_ms DESC LIMIT 1`);
  const opened = db.prepare(`SELECT 1 FROM ${p}_ride_days WHERE vehicle_external_id = ? AND service_date = ?`).pluck();
  // Runs in every due run of the fleet: it must stay an index range over today's few days (no ORDER
  // BY that would make SQLite walk the whole table in key order instead). A stretch is open only
  // within its own day (migration 11), so the fleet's days from today on hold every open one.
  const stillOpen = db.prepare(stillOpenSql(p));
  // The row value is the range's lower bound, so each page seeks straight to where the last one ended.
  const from = db.prepare(`SELECT * FROM ${p}_ride_days WHERE fleet_id = ? AND (service_date, vehicle_external_id, from_ms) >= (?, ?, ?)
    AND service_date <= ? ORDER BY service_date, vehicle_external_id, from_ms LIMIT ?`);

  return {
    save: (row: RideDayRow) => void save.run(COLUMNS.map((c) => row[c])),
    /** The vehicle's latest stretch: its day, and whether it was cut (until_ms). */
    latest: (vehicle: string) => latest.get(vehicle) as { service_date: string; until_ms: number | null } | undefined,
    isOpened: (vehicle: string, date: string) => opened.get(vehicle, date) !== undefined,
    /** The fleet's stretches still open by its now. */
    stillOpen: (fleetId: string, nowMs: number) => stillOpen.all(fleetId, mexicoCityDate(nowMs), nowMs) as RideDayRow[],
    /** The fleet's stretches of the window in (day, vehicle, start) order, from `start` on. */
    days(fleet: string, start: DayKey, to: string, limit: number): RideDayRow[] {
      return from.all(fleet, start.date, start.vehicle, start.fromMs, to, limit) as RideDayRow[];
    },
  };
}

export type RideDayStore = ReturnType<typeof createRideDayStore>;
