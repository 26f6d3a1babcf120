import { createHash } from 'node:crypto';
import { eachDay, addDays, mexicoCityDate, minDate } from '../../server/rides/mexico-city.ts';
import type { SimDb } from '../db.ts';
import type { DueTask } from '../common/due.ts';
import { planDay, type PlannedRide } from './plan.ts';
import { createSeededFaker } from './random.ts';
import { createRoster, type RosterEntry } from './roster.ts';
import { createRideStore, type RideRow } from './store.ts';
import { TARIFFS, type SimPlatform } from './tariffs.ts';

export interface BackfillCounts {
  vehicles: number;
  days: number;
  rides: number;
}

/** platform_a ids look like `tr_<hex>`, platform_b's are UUIDs: each platform its own style. */
function rideIdMaker(seed: number, platform: SimPlatform, vehicle: string, date: string): (seq: number) => string {
  const h = createHash('sha256').update(`${seed}:${platform}:ride:${vehicle}:${date}`).digest('hex');
  if (platform === 'platform_a') return (seq) => `tr_${h.slice(0, 24)}${seq.toString(16).padStart(3, '0')}`;
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return (seq) => `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 28)}${seq.toString(16).padStart(4, '0')}`;
}

function rideRow(entry: RosterEntry, date: string, id: string, r: PlannedRide): RideRow {
  const s = r.settlement;
  return {
    fleet_id: entry.fleet, service_date: date, id, vehicle_external_id: entry.vehicle, driver_external_id: entry.driver,
    started_at: r.startedMs, ended_at: r.endedMs, outcome: r.outcome, distance_m: r.distanceM,
    gross: r.grossCents, tip: r.tipCents, net: r.netCents,
    late_tip: s?.lateTipCents ?? null, late_tip_at: s?.lateTipAtMs ?? null,
    adjust: s?.adjustCents ?? null, adjust_net: s?.adjustNetCents ?? null, adjust_at: s?.adjustAtMs ?? null,
  };
}

/**
 * Produces one platform's rides, a vehicle-day at a time. The day's whole plan is written when the
 * day opens (from a faker seeded by seed, platform, vehicle and day, so a day is the same however
 * and whenever it is generated); reads show only what has started by the simulated now, so today's
 * rides appear as time passes and the latest are `in_progress`.
 *
 * - As time passes (runDue): every vehicle active on the platform gets its days opened from the day
 *   it became active up to today, without the rides planned before that instant.
 * - Backfill (`rides generate`): the fleet's current vehicles get the missing days of a past window
 *   whole, as if they had been driving then; days already open are left alone (no duplicates).
 * - A vehicle that leaves the platform or changes driver has the rest of its open day cut; the new
 *   driver starts the next day.
 */
export function createRideGenerator({ db, seed, platform }: { db: SimDb; seed: number; platform: SimPlatform }) {
  const store = createRideStore(db, platform === 'platform_a' ? 'pa' : 'pb');
  const roster = createRoster(db, platform);
  const tariff = TARIFFS[platform];
  const random = createSeededFaker(seed);

  /** Writes the plan of a vehicle-day, without rides started before `clipMs`; returns the rides started by `nowMs`. */
  function openDay(entry: RosterEntry, date: string, clipMs: number, nowMs: number): number {
    const plan = planDay(random.reseed(`${platform}:${entry.vehicle}:${date}`), tariff, date);
    const rides = plan.rides.filter((r) => r.startedMs >= clipMs);
    const lastStart = rides.length ? rides[rides.length - 1].startedMs : 0;
    store.insertDay({
      vehicle_external_id: entry.vehicle, service_date: date, fleet_id: entry.fleet, driver_external_id: entry.driver,
      shift_start_ms: plan.shiftStartMs === null ? null : Math.max(plan.shiftStartMs, clipMs),
      shift_end_ms: plan.shiftEndMs, open_until_ms: Math.max(plan.shiftEndMs ?? 0, lastStart),
    });
    const idOf = rideIdMaker(seed, platform, entry.vehicle, date);
    for (const r of rides) store.insertRide(rideRow(entry, date, idOf(r.seq), r));
    return rides.filter((r) => r.startedMs <= nowMs).length;
  }

  function cutLeavers(entries: RosterEntry[], nowMs: number): void {
    const byVehicle = new Map(entries.map((e) => [e.vehicle, e]));
    for (const day of store.stillOpen(nowMs)) {
      const e = byVehicle.get(day.vehicle_external_id);
      if (!e || e.driver !== day.driver_external_id || e.fleet !== day.fleet_id) store.cut(day, nowMs);
    }
  }

  const runDue: DueTask = (nowMs) => {
    const entries = roster.all();
    cutLeavers(entries, nowMs);
    const today = mexicoCityDate(nowMs);
    for (const e of entries) {
      const last = store.lastOpened(e.vehicle);
      const since = mexicoCityDate(e.sinceMs);
      const first = last !== null && last >= since ? addDays(last, 1) : since;
      for (const date of eachDay(first, today)) openDay(e, date, e.sinceMs, nowMs);
    }
  };

  /** Days after today have not happened: the window stops at today. Run inside a transaction. */
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

  return { runDue, backfill, store };
}

export type RideGenerator = ReturnType<typeof createRideGenerator>;
