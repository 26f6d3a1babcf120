import { addDays, dayStartMs, eachDay, mexicoCityDate, minDate } from '../../server/lib/mexico-city.ts';
import type { SimDb } from '../db.ts';
import type { DueTask } from '../common/due.ts';
import type { FleetTime } from '../common/fleet-clocks.ts';
import { createDayPlanner, finalAtMs, openUntilMs, ridesOf, totalsAt, type Bounds } from './day.ts';
import { createRoster, type RosterEntry } from './roster.ts';
import { createRideDayStore, type RideDayRow } from './store.ts';
import type { SimPlatform } from './tariffs.ts';

export interface BackfillCounts {
  vehicles: number;
  days: number;
  rides: number;
}

/**
 * Produces one platform's rides, a vehicle-day at a time. Opening a day records it with its bounds
 * (the rides are its plan, a pure function of seed, platform, vehicle and day: day.ts); reads show
 * only what has started by the simulated now, so today's rides appear as time passes and the latest
 * are `in_progress`.
 *
 * - As time passes (runDue): every vehicle active on the platform gets its days opened from the day
 *   it became active up to today, without the rides planned before that instant.
 * - Backfill (`rides generate`): the fleet's current vehicles get the missing days of a past window
 *   whole, as if they had been driving then; days already open are left alone (no duplicates).
 * - A vehicle that leaves the platform or changes driver has the rest of its open stretch cut; with
 *   a new driver (or back on the platform) the day goes on in a new stretch from that instant.
 * - Each fleet is a world with its own now: its days open up to its own today.
 */
export function createRideGenerator({ db, seed, platform }: { db: SimDb; seed: number; platform: SimPlatform }) {
  const store = createRideDayStore(db, platform === 'platform_a' ? 'pa' : 'pb');
  const roster = createRoster(db, platform);
  const planner = createDayPlanner(seed, platform);

  /** Records a vehicle-day with its bounds and final totals; returns how many of its rides have started by `nowMs`. */
  function record(entry: RosterEntry, date: string, bounds: Bounds, nowMs: number): number {
    const plan = planner.plan(entry.vehicle, date);
    const totals = totalsAt(plan, bounds, Infinity);
    const row: RideDayRow = {
      fleet_id: entry.fleet, service_date: date, vehicle_external_id: entry.vehicle, driver_external_id: entry.driver,
      from_ms: bounds.fromMs, until_ms: bounds.untilMs, open_until_ms: openUntilMs(plan, bounds),
      final_at_ms: finalAtMs(plan, bounds, date, planner.tariff.settlingDays),
      rides: totals.rides, trips: totals.trips, gross: totals.gross, net: totals.net, online_minutes: totals.onlineMinutes,
    };
    store.save(row);
    return ridesOf(plan, bounds, nowMs).length;
  }

  const openDay = (e: RosterEntry, date: string, fromMs: number, nowMs: number) => record(e, date, { fromMs, untilMs: null }, nowMs);

  /** The rest of the day does not happen: the rides already started stay, online time stops now. */
  function cut(day: RideDayRow, nowMs: number): void {
    const entry = { vehicle: day.vehicle_external_id, fleet: day.fleet_id, driver: day.driver_external_id, sinceMs: day.from_ms };
    record(entry, day.service_date, { fromMs: day.from_ms, untilMs: nowMs }, nowMs);
  }

  function cutLeavers(fleetId: string, entries: RosterEntry[], nowMs: number): void {
    const byVehicle = new Map(entries.map((e) => [e.vehicle, e]));
    for (const day of store.stillOpen(fleetId, nowMs)) {
      const e = byVehicle.get(day.vehicle_external_id);
      if (!e || e.driver !== day.driver_external_id) cut(day, nowMs);
    }
  }

  /**
   * Opens what the vehicle is owed up to today: the days since it was last seen, from the instant it
   * became active; or, when today's stretch was cut (it left, or its driver changed) and it is active
   * again, the rest of today from then on (one ms later, so no ride belongs to both stretches).
   */
  function catchUp(e: RosterEntry, today: string, nowMs: number): void {
    const last = store.latest(e.vehicle);
    if (last && last.service_date >= today) {
      if (last.service_date === today && last.until_ms !== null) openDay(e, today, Math.max(e.sinceMs, last.until_ms + 1), nowMs);
      return;
    }
    const since = mexicoCityDate(e.sinceMs);
    const first = last && last.service_date >= since ? addDays(last.service_date, 1) : since;
    for (const date of eachDay(first, today)) openDay(e, date, e.sinceMs, nowMs);
  }

  /** Each visited fleet alone: its roster, its open days. A fleet with vehicles next has work when its next day begins. */
  const runDue: DueTask = {
    run(time: FleetTime) {
      for (const fleetId of time.fleets) {
        const nowMs = time.of(fleetId);
        const entries = roster.ofFleet(fleetId);
        cutLeavers(fleetId, entries, nowMs);
        for (const e of entries) catchUp(e, mexicoCityDate(nowMs), nowMs);
      }
    },
    nextDueMs: (fleetId, nowMs) => (roster.isEmpty(fleetId) ? null : dayStartMs(addDays(mexicoCityDate(nowMs), 1))),
  };

  /** Days after the fleet's today have not happened: the window stops there. `nowMs` is the fleet's. Run inside a transaction. */
  function backfill(fleetId: string, from: string, to: string, nowMs: number): BackfillCounts {
    const entries = roster.ofFleet(fleetId);
    const counts: BackfillCounts = { vehicles: entries.length, days: 0, rides: 0 };
    for (const date of eachDay(from, minDate(to, mexicoCityDate(nowMs)))) {
      for (const e of entries) {
        if (store.isOpened(e.vehicle, date)) continue;
        counts.rides += openDay(e, date, 0, nowMs);
        counts.days += 1;
      }
    }
    return counts;
  }

  return { runDue, backfill, store, planner };
}

export type RideGenerator = ReturnType<typeof createRideGenerator>;
