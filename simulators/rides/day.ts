import { hash } from 'node:crypto';
import { planDay, type DayPlan, type PlannedRide } from './plan.ts';
import { createSeededFaker } from './random.ts';
import { amountsAt, settlesAtMs } from './settling.ts';
import { TARIFFS, type RideOutcome, type SimPlatform } from './tariffs.ts';

/** The part of a vehicle-day record that decides which planned rides happened. */
export interface Bounds {
  fromMs: number;
  untilMs: number | null;
}

/** A ride as it stands at a simulated instant: until it ends it is `in_progress`, without amounts. */
export interface RideAt {
  seq: number;
  status: RideOutcome | 'in_progress';
  startedMs: number;
  completedMs: number | null;
  distanceM: number | null;
  gross: number | null;
  tip: number | null;
  net: number | null;
}

export interface DayTotals {
  rides: number;
  trips: number;
  gross: number;
  net: number;
  onlineMinutes: number;
}

/** platform_a ids look like `tr_<hex>`, platform_b's are UUIDs: each platform its own style. */
function rideIdMaker(seed: number, platform: SimPlatform, vehicle: string, date: string): (seq: number) => string {
  const h = hash('sha256', `${seed}:${platform}:ride:${vehicle}:${date}`);
  if (platform === 'platform_a') {
    const prefix = `tr_${h.slice(0, 24)}`;
    return (seq) => prefix + seq.toString(16).padStart(3, '0');
  }
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const prefix = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 28)}`;
  return (seq) => prefix + seq.toString(16).padStart(4, '0');
}

/**
 * Plans kept for reuse: a generate call records a stretch of days (planning each) and the API then
 * reads the same days' rides (planning each again). 16 384 vehicle-days hold two 14-day chunks of a
 * 500-vehicle fleet (the one being read, the next being produced), ~15 MB; the oldest go first.
 */
const PLAN_CACHE_SIZE = 16_384;

/**
 * Plans of one platform: a faker reseeded by (seed, platform, vehicle, day), so a day is always the
 * same, which is also why a plan may be cached and shared (no caller changes one).
 */
export function createDayPlanner(seed: number, platform: SimPlatform) {
  const random = createSeededFaker(seed);
  const tariff = TARIFFS[platform];
  const recent = new Map<string, DayPlan>();
  return {
    tariff,
    plan(vehicle: string, date: string): DayPlan {
      const key = `${vehicle}:${date}`;
      let plan = recent.get(key);
      if (plan === undefined) {
        plan = planDay(random.reseed(`${platform}:${key}`), tariff, date);
        recent.set(key, plan);
        if (recent.size > PLAN_CACHE_SIZE) recent.delete(recent.keys().next().value as string);
      }
      return plan;
    },
    rideIds: (vehicle: string, date: string) => rideIdMaker(seed, platform, vehicle, date),
  };
}

export type DayPlanner = ReturnType<typeof createDayPlanner>;

const within = (ms: number, b: Bounds) => ms >= b.fromMs && (b.untilMs === null || ms <= b.untilMs);

/** The planned rides that happened within the bounds and have started by `nowMs`. */
export const ridesOf = (plan: DayPlan, b: Bounds, nowMs: number): PlannedRide[] =>
  plan.rides.filter((r) => within(r.startedMs, b) && r.startedMs <= nowMs);

export function rideAt(r: PlannedRide, nowMs: number): RideAt {
  if (r.endedMs > nowMs) {
    return { seq: r.seq, status: 'in_progress', startedMs: r.startedMs, completedMs: null, distanceM: null, gross: null, tip: null, net: null };
  }
  const a = r.settlement ? amountsAt({ grossCents: r.grossCents, tipCents: r.tipCents, netCents: r.netCents }, r.settlement, nowMs) : null;
  return {
    seq: r.seq, status: r.outcome, startedMs: r.startedMs, completedMs: r.outcome === 'completed' ? r.endedMs : null,
    distanceM: r.distanceM, gross: a ? a.grossCents : r.grossCents, tip: a ? a.tipCents : r.tipCents, net: a ? a.netCents : r.netCents,
  };
}

/** Online time: the shift, within the bounds, up to `nowMs`. */
function onlineMinutes(plan: DayPlan, b: Bounds, nowMs: number): number {
  if (plan.shiftStartMs === null || plan.shiftEndMs === null) return 0;
  const start = Math.max(plan.shiftStartMs, b.fromMs);
  const end = Math.min(plan.shiftEndMs, b.untilMs ?? Infinity, nowMs);
  return end > start ? Math.floor((end - start) / 60_000) : 0;
}

/** The day's totals at `nowMs`: trips are completed rides; rides still under way add no money yet. */
export function totalsAt(plan: DayPlan, b: Bounds, nowMs: number): DayTotals {
  const totals: DayTotals = { rides: 0, trips: 0, gross: 0, net: 0, onlineMinutes: onlineMinutes(plan, b, nowMs) };
  for (const planned of ridesOf(plan, b, nowMs)) {
    const r = rideAt(planned, nowMs);
    totals.rides += 1;
    if (r.status === 'completed') totals.trips += 1;
    totals.gross += r.gross ?? 0;
    totals.net += r.net ?? 0;
  }
  return totals;
}

/** The instant after which nothing of the day changes: last ride ended, shift over, amounts settled. */
export function finalAtMs(plan: DayPlan, b: Bounds, date: string, settlingDays: number): number {
  const rides = ridesOf(plan, b, Infinity);
  let at = Math.min(plan.shiftEndMs ?? 0, b.untilMs ?? Infinity);
  for (const r of rides) at = Math.max(at, r.endedMs);
  return settlingDays > 0 ? Math.max(at, settlesAtMs(date, settlingDays)) : at;
}

/** Until then the plan may still start a ride or add online time. */
export function openUntilMs(plan: DayPlan, b: Bounds): number {
  const rides = ridesOf(plan, b, Infinity);
  const lastStart = rides.length ? rides[rides.length - 1].startedMs : 0;
  return Math.min(Math.max(plan.shiftEndMs ?? 0, lastStart), b.untilMs ?? Infinity);
}
