import type { SimDb } from '../db.ts';

export interface RideDayRow {
  vehicle_external_id: string;
  service_date: string;
  fleet_id: string;
  driver_external_id: string | null;
  shift_start_ms: number | null;
  shift_end_ms: number | null;
  open_until_ms: number;
}

export interface RideRow {
  fleet_id: string;
  service_date: string;
  id: string;
  vehicle_external_id: string;
  driver_external_id: string | null;
  started_at: number;
  ended_at: number;
  outcome: string;
  distance_m: number | null;
  gross: number | null;
  tip: number | null;
  net: number | null;
  late_tip: number | null;
  late_tip_at: number | null;
  adjust: number | null;
  adjust_net: number | null;
  adjust_at: number | null;
}

/** A driver's day on the platform as it stands at the read's now (money in centavos). */
export interface DailyRow {
  date: string;
  driver: string | null;
  trips: number;
  gross: number;
  net: number;
  onlineMinutes: number;
}

const RIDE_COLUMNS = ['fleet_id', 'service_date', 'id', 'vehicle_external_id', 'driver_external_id', 'started_at', 'ended_at',
  'outcome', 'distance_m', 'gross', 'tip', 'net', 'late_tip', 'late_tip_at', 'adjust', 'adjust_net', 'adjust_at'] as const;

/** Amounts of ended rides with the settlements already in effect; rides still under way count nothing yet. */
const dailyAmounts = (p: string) => `SELECT service_date AS date, driver_external_id AS driver,
    SUM(outcome = 'completed' AND ended_at <= @now) AS trips,
    COALESCE(SUM(CASE WHEN ended_at <= @now THEN gross + IIF(adjust_at <= @now, adjust, 0) END), 0) AS gross,
    COALESCE(SUM(CASE WHEN ended_at <= @now THEN net + IIF(adjust_at <= @now, adjust_net, 0) + IIF(late_tip_at <= @now, late_tip, 0) END), 0) AS net
  FROM ${p}_rides WHERE fleet_id = @fleet AND service_date BETWEEN @from AND @to AND started_at <= @now
  GROUP BY service_date, driver_external_id`;

const dailyOnline = (p: string) => `SELECT service_date AS date, driver_external_id AS driver,
    SUM(MAX(0, MIN(shift_end_ms, @now) - shift_start_ms)) AS onlineMs
  FROM ${p}_ride_days WHERE fleet_id = @fleet AND service_date BETWEEN @from AND @to AND shift_start_ms IS NOT NULL
  GROUP BY service_date, driver_external_id`;

/** One platform's ride tables (`pa_…` or `pb_…`, see migration.ts). */
export function createRideStore(db: SimDb, p: 'pa' | 'pb') {
  const insertDay = db.prepare(`INSERT INTO ${p}_ride_days (vehicle_external_id, service_date, fleet_id, driver_external_id,
    shift_start_ms, shift_end_ms, open_until_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertRide = db.prepare(`INSERT INTO ${p}_rides (${RIDE_COLUMNS.join(', ')}) VALUES (${RIDE_COLUMNS.map(() => '?').join(', ')})`);
  const lastOpened = db.prepare(`SELECT MAX(service_date) AS d FROM ${p}_ride_days WHERE vehicle_external_id = ?`).pluck();
  const opened = db.prepare(`SELECT 1 FROM ${p}_ride_days WHERE vehicle_external_id = ? AND service_date = ?`).pluck();
  const stillOpen = db.prepare(`SELECT * FROM ${p}_ride_days WHERE open_until_ms > ? ORDER BY vehicle_external_id, service_date`);
  const cutRides = db.prepare(`DELETE FROM ${p}_rides WHERE fleet_id = ? AND service_date = ? AND vehicle_external_id = ? AND started_at > ?`);
  const cutDay = db.prepare(`UPDATE ${p}_ride_days SET open_until_ms = @now,
    shift_end_ms = IIF(shift_end_ms > @now, MAX(shift_start_ms, @now), shift_end_ms)
    WHERE vehicle_external_id = @vehicle AND service_date = @date`);
  // The row value is the range's lower bound: with `service_date BETWEEN` SQLite would seek to `from` and
  // skip every earlier page again, making a long window quadratic.
  const page = db.prepare(`SELECT * FROM ${p}_rides WHERE fleet_id = ? AND (service_date, id) > (?, ?) AND service_date <= ?
    AND started_at <= ? ORDER BY service_date, id LIMIT ?`);
  const amounts = db.prepare(dailyAmounts(p));
  const online = db.prepare(dailyOnline(p));

  return {
    insertDay: (d: RideDayRow) =>
      void insertDay.run(d.vehicle_external_id, d.service_date, d.fleet_id, d.driver_external_id, d.shift_start_ms, d.shift_end_ms, d.open_until_ms),
    insertRide: (r: RideRow) => void insertRide.run(RIDE_COLUMNS.map((c) => r[c])),
    lastOpened: (vehicle: string) => lastOpened.get(vehicle) as string | null,
    isOpened: (vehicle: string, date: string) => opened.get(vehicle, date) !== undefined,
    stillOpen: (nowMs: number) => stillOpen.all(nowMs) as RideDayRow[],
    /** Ends a vehicle's day at `nowMs`: rides planned to start later are dropped, online time stops. */
    cut(day: RideDayRow, nowMs: number): void {
      cutRides.run(day.fleet_id, day.service_date, day.vehicle_external_id, nowMs);
      cutDay.run({ now: nowMs, vehicle: day.vehicle_external_id, date: day.service_date });
    },
    /** Rides started by `nowMs`, ordered by (service date, id), after the cursor. */
    page(fleet: string, from: string, to: string, nowMs: number, after: { date: string; id: string } | null, limit: number) {
      const start = after && after.date >= from ? after : { date: from, id: '' };
      return page.all(fleet, start.date, start.id, to, nowMs, limit) as RideRow[];
    },
    daily(fleet: string, from: string, to: string, nowMs: number): DailyRow[] {
      const params = { fleet, from, to, now: nowMs };
      return mergeDaily(
        amounts.all(params) as Omit<DailyRow, 'onlineMinutes'>[],
        online.all(params) as { date: string; driver: string | null; onlineMs: number }[],
      );
    },
  };
}

export type RideStore = ReturnType<typeof createRideStore>;

/** One row per (day, driver) that had online time or rides, ordered by day then driver (null first). */
function mergeDaily(amounts: Omit<DailyRow, 'onlineMinutes'>[], online: { date: string; driver: string | null; onlineMs: number }[]): DailyRow[] {
  const rows = new Map<string, DailyRow>();
  const key = (date: string, driver: string | null) => `${date}|${driver ?? ''}`;
  for (const a of amounts) rows.set(key(a.date, a.driver), { ...a, onlineMinutes: 0 });
  for (const o of online) {
    const minutes = Math.floor(o.onlineMs / 60_000);
    const row = rows.get(key(o.date, o.driver));
    if (row) row.onlineMinutes = minutes;
    else if (minutes > 0) rows.set(key(o.date, o.driver), { date: o.date, driver: o.driver, trips: 0, gross: 0, net: 0, onlineMinutes: minutes });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
