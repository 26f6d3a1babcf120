import { boundsOf, totalsOf, type DayKey, type RideDayRow, type RideDayStore } from './store.ts';
import { rideAt, ridesOf, totalsAt, type DayPlanner, type DayTotals, type RideAt } from './day.ts';

/** A ride in a platform's report, before the platform puts it in its own words. */
export interface ReportedRide {
  id: string;
  date: string;
  vehicle: string;
  driver: string | null;
  ride: RideAt;
}

/** Where a page of rides ended: rides are listed by (service day, vehicle, position in the day). */
export interface RideCursor {
  date: string;
  vehicle: string;
  seq: number;
}

/** A driver's day (platform_b: null gathers the vehicles nobody was assigned to). Money in centavos. */
export interface DailyRow {
  date: string;
  driver: string | null;
  trips: number;
  gross: number;
  net: number;
  onlineMinutes: number;
}

const DAY_BATCH = 2_000;

/** The stretch right after this one, for the store's `>=` bound. */
const after = (day: RideDayRow): DayKey => ({ date: day.service_date, vehicle: day.vehicle_external_id, fromMs: day.from_ms + 1 });

/**
 * The read side of a platform's rides: pages of rides and daily rows of a fleet, as they stand at the
 * simulated now. A vehicle-day whose plan can no longer change is summed from its stored totals;
 * the others (today, platform_b's unsettled days) are regenerated.
 */
export function createRideReports(store: RideDayStore, planner: DayPlanner) {
  /** Calls `visit` for each vehicle-day of the window from `start` on, in order, until it returns false. */
  function walkDays(fleet: string, start: DayKey, to: string, visit: (day: RideDayRow) => boolean): void {
    for (let from = start; ;) {
      const days = store.days(fleet, from, to, DAY_BATCH);
      for (const day of days) if (!visit(day)) return;
      if (days.length < DAY_BATCH) return;
      from = after(days[days.length - 1]);
    }
  }

  function page(fleet: string, from: string, to: string, nowMs: number, cursor: RideCursor | null, limit: number) {
    const rides: ReportedRide[] = [];
    let hasMore = false;
    const start = cursor && cursor.date >= from ? { ...cursor, fromMs: -Infinity } : { date: from, vehicle: '', fromMs: -Infinity };
    walkDays(fleet, start, to, (day) => {
      if (day.rides === 0) return true;
      const idOf = planner.rideIds(day.vehicle_external_id, day.service_date);
      const atCursor = cursor !== null && day.service_date === cursor.date && day.vehicle_external_id === cursor.vehicle;
      for (const planned of ridesOf(planner.plan(day.vehicle_external_id, day.service_date), boundsOf(day), nowMs)) {
        if (atCursor && planned.seq <= cursor.seq) continue;
        if (rides.length === limit) return !(hasMore = true);
        const ride = rideAt(planned, nowMs);
        rides.push({ id: idOf(ride.seq), date: day.service_date, vehicle: day.vehicle_external_id, driver: day.driver_external_id, ride });
      }
      return true;
    });
    const last = rides[rides.length - 1];
    return { rides, next: hasMore ? { date: last.date, vehicle: last.vehicle, seq: last.ride.seq } : null };
  }

  function totalsNow(day: RideDayRow, nowMs: number): DayTotals {
    if (nowMs >= day.final_at_ms) return totalsOf(day);
    return totalsAt(planner.plan(day.vehicle_external_id, day.service_date), boundsOf(day), nowMs);
  }

  /** One row per (day, driver) with online time or rides, by day then driver. */
  function daily(fleet: string, from: string, to: string, nowMs: number): DailyRow[] {
    const rows = new Map<string, DailyRow>();
    walkDays(fleet, { date: from, vehicle: '', fromMs: -Infinity }, to, (day) => {
      const t = totalsNow(day, nowMs);
      if (t.rides === 0 && t.onlineMinutes === 0) return true;
      const key = `${day.service_date}|${day.driver_external_id ?? ''}`;
      const row = rows.get(key) ?? { date: day.service_date, driver: day.driver_external_id, trips: 0, gross: 0, net: 0, onlineMinutes: 0 };
      row.trips += t.trips;
      row.gross += t.gross;
      row.net += t.net;
      row.onlineMinutes += t.onlineMinutes;
      rows.set(key, row);
      return true;
    });
    return [...rows.keys()].sort().map((k) => rows.get(k)!);
  }

  return { page, daily };
}

export type RideReports = ReturnType<typeof createRideReports>;
