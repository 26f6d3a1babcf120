import { DAY_MS, dayStartMs, weekday } from '../../server/lib/mexico-city.ts';
import { HOUR_MS, MINUTE_MS } from '../common/seeded.ts';
import type { SeededFaker } from './random.ts';
import { rideFacts, waitMinutes, type RideFacts } from './ride.ts';
import { planSettlement, settlesAtMs, type Settlement } from './settling.ts';
import type { Tariff } from './tariffs.ts';

export interface PlannedRide extends RideFacts {
  /** Position in the day, part of the ride's id. */
  seq: number;
  startedMs: number;
  settlement: Settlement | null;
}

/** One vehicle's day: the driver's shift (null on a day off) and every ride started in it. */
export interface DayPlan {
  shiftStartMs: number | null;
  shiftEndMs: number | null;
  rides: PlannedRide[];
}

/** Kinds of shift among Mexico City drivers, in local hours: after midnight, early, day, afternoon, night. */
const SHIFTS = [
  { weight: 6, start: [0, 1.5], hours: [3, 5] },
  { weight: 28, start: [5, 7.5], hours: [7, 10] },
  { weight: 28, start: [8, 11], hours: [6, 9] },
  { weight: 24, start: [13, 16], hours: [6, 8] },
  { weight: 14, start: [18, 20.5], hours: [3.5, 6] },
];

const SHIFT_CHOICES = SHIFTS.map((s) => ({ weight: s.weight, value: s }));

/** Sundays are the usual day off; most drivers work six days a week. */
const DAY_OFF_CHANCE = [0.35, 0.1, 0.1, 0.1, 0.1, 0.1, 0.15];

/** Rides start within the service day: a shift is cut at local midnight (the last ride may end after it). */
function shiftOf(f: SeededFaker, date: string): { startMs: number; endMs: number } | null {
  if (f.datatype.boolean(DAY_OFF_CHANCE[weekday(date)])) return null;
  const shift = f.helpers.weightedArrayElement(SHIFT_CHOICES);
  const dayStart = dayStartMs(date);
  const startMs = dayStart + f.number.int({ min: shift.start[0] * 60, max: shift.start[1] * 60 }) * MINUTE_MS;
  const lengthMs = f.number.int({ min: shift.hours[0] * 60, max: shift.hours[1] * 60 }) * MINUTE_MS;
  return { startMs, endMs: Math.min(startMs + lengthMs, dayStart + DAY_MS - MINUTE_MS) };
}

/**
 * A whole day of one vehicle, from a faker seeded for that vehicle and day only: wait for a request,
 * drive it (or see it cancelled), wait again, until the shift ends. Start times have whole seconds.
 */
export function planDay(f: SeededFaker, tariff: Tariff, date: string): DayPlan {
  const shift = shiftOf(f, date);
  if (!shift) return { shiftStartMs: null, shiftEndMs: null, rides: [] };
  const dayStart = dayStartMs(date);
  const settlesMs = settlesAtMs(date, tariff.settlingDays);
  const rides: PlannedRide[] = [];
  let t = shift.startMs;
  for (;;) {
    const hour = Math.floor((t - dayStart) / HOUR_MS);
    t += waitMinutes(f, hour) * MINUTE_MS + f.number.int({ min: 0, max: 59 }) * 1000;
    if (t >= shift.endMs) break;
    const x = rideFacts(f, tariff, t, Math.floor((t - dayStart) / HOUR_MS));
    // Spelled out: an object spread here costs more than drawing the whole ride (V8 slow path).
    rides.push({
      seq: rides.length, startedMs: t, outcome: x.outcome, endedMs: x.endedMs, distanceM: x.distanceM,
      grossCents: x.grossCents, tipCents: x.tipCents, netCents: x.netCents, settlement: planSettlement(f, tariff, settlesMs, x),
    });
    t = x.endedMs;
  }
  return { shiftStartMs: shift.startMs, shiftEndMs: shift.endMs, rides };
}
