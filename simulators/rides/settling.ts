import { DAY_MS, dayStartMs } from '../../server/lib/mexico-city.ts';
import { MINUTE_MS } from '../common/seeded.ts';
import type { SeededFaker } from './random.ts';
import type { RideFacts } from './ride.ts';
import { feeOf, TIP_CHOICES, type Tariff } from './tariffs.ts';

/**
 * platform_b's settling model. A completed ride may get, at a seeded instant before its day settles,
 * a late tip (riders tip from the app for hours or days afterwards) and an adjustment of the fare
 * (a route correction or a partial refund). Both are written with the ride, each with the instant it
 * takes effect; a read shows the ones whose instant has passed on the simulated clock. So the same
 * seed and the same simulated now give the same amounts, and from the start of service day + 17
 * (16 whole days after the service day) nothing can change any more.
 */
export interface Settlement {
  lateTipCents: number | null;
  lateTipAtMs: number | null;
  adjustCents: number | null;
  adjustNetCents: number | null;
  adjustAtMs: number | null;
}

export const LATE_TIP_CHANCE = 0.18;
export const ADJUSTMENT_CHANCE = 0.06;

/**
 * The instant the amounts of that service day become final: the start of day + settlingDays + 1.
 * Days are fixed-length here (mexico-city.ts), so plain arithmetic: no date string is built per call.
 */
export const settlesAtMs = (serviceDate: string, settlingDays: number): number =>
  dayStartMs(serviceDate) + (settlingDays + 1) * DAY_MS;

/** Mostly refunds (down to 60% of the fare), sometimes a toll or a longer route added. */
function adjustment(f: SeededFaker, grossCents: number): number {
  if (f.datatype.boolean(0.7)) return -Math.round((grossCents * f.number.int({ min: 5, max: 40 })) / 100);
  return f.number.int({ min: 20, max: 60 }) * 100;
}

/**
 * A seeded instant after the ride ends and before its day settles. At module level on purpose: tsx
 * (esbuild keepNames) names every function created inside another on each call, and one closure per
 * ride made that naming a measurable part of generation.
 */
const instantFor = (f: SeededFaker, ride: RideFacts, settlesMs: number): number =>
  f.number.int({ min: ride.endedMs + MINUTE_MS, max: settlesMs - MINUTE_MS });

/** `settlesMs`: settlesAtMs of the ride's service day, computed once per day by the caller. */
export function planSettlement(f: SeededFaker, tariff: Tariff, settlesMs: number, ride: RideFacts): Settlement | null {
  if (tariff.settlingDays === 0 || ride.outcome !== 'completed' || ride.grossCents === null) return null;
  const tips = f.datatype.boolean(LATE_TIP_CHANCE);
  const adjusts = f.datatype.boolean(ADJUSTMENT_CHANCE);
  if (!tips && !adjusts) return null;
  const adjustCents = adjusts ? adjustment(f, ride.grossCents) : null;
  return {
    lateTipCents: tips ? f.helpers.arrayElement(TIP_CHOICES) : null,
    lateTipAtMs: tips ? instantFor(f, ride, settlesMs) : null,
    adjustCents,
    adjustNetCents: adjustCents === null ? null : adjustCents - feeOf(tariff, adjustCents),
    adjustAtMs: adjusts ? instantFor(f, ride, settlesMs) : null,
  };
}

export interface Amounts {
  grossCents: number | null;
  tipCents: number | null;
  netCents: number | null;
}

/** A ride's amounts as they stand at `nowMs`: the base plus every settlement already in effect. */
export function amountsAt(base: Amounts, s: Settlement, nowMs: number): Amounts {
  if (base.grossCents === null || base.netCents === null) return base;
  const tip = s.lateTipAtMs !== null && s.lateTipAtMs <= nowMs ? s.lateTipCents! : 0;
  const adjusted = s.adjustAtMs !== null && s.adjustAtMs <= nowMs;
  return {
    grossCents: base.grossCents + (adjusted ? s.adjustCents! : 0),
    tipCents: (base.tipCents ?? 0) + tip,
    netCents: base.netCents + tip + (adjusted ? s.adjustNetCents! : 0),
  };
}
