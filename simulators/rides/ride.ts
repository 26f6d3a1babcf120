import { MINUTE_MS } from '../common/seeded.ts';
import type { SeededFaker } from './random.ts';
import { feeOf, TIP_CHANCE, TIP_CHOICES, type RideOutcome, type Tariff } from './tariffs.ts';

/** One ride as the platform will report it once it has ended; amounts in centavos. */
export interface RideFacts {
  outcome: RideOutcome;
  endedMs: number;
  distanceM: number | null;
  grossCents: number | null;
  tipCents: number | null;
  netCents: number | null;
}

/** Rush hours in Mexico City traffic (local time): slow, and fares surge. */
const isRush = (hour: number) => (hour >= 7 && hour < 10) || (hour >= 17 && hour < 21);
const isNight = (hour: number) => hour >= 22 || hour < 5;

/** km/h through the city at that hour. */
function speedKmh(f: SeededFaker, hour: number): number {
  if (isRush(hour)) return f.number.int({ min: 12, max: 20 });
  if (isNight(hour)) return f.number.int({ min: 28, max: 40 });
  return f.number.int({ min: 18, max: 28 });
}

/** Mostly short hops, some cross-town trips, a few to the airport or the edges of the metro area (in 10 m). */
const DISTANCES = [
  { weight: 70, value: [150, 700] },
  { weight: 25, value: [700, 1_600] },
  { weight: 5, value: [1_600, 3_200] },
];

function distanceMetres(f: SeededFaker): number {
  const [min, max] = f.helpers.weightedArrayElement(DISTANCES);
  return f.number.int({ min, max }) * 10;
}

function fareCents(f: SeededFaker, tariff: Tariff, distanceM: number, minutes: number, hour: number): number {
  const plain = tariff.baseCents + (tariff.perKmCents * distanceM) / 1000 + tariff.perMinuteCents * minutes;
  const surge = isRush(hour) && f.datatype.boolean(0.35) ? f.number.int({ min: 11, max: 18 }) / 10 : 1;
  return Math.max(tariff.minimumCents, Math.round(plain * surge));
}

function completed(f: SeededFaker, tariff: Tariff, startedMs: number, hour: number): RideFacts {
  const distanceM = distanceMetres(f);
  const seconds = Math.round((distanceM / 1000 / speedKmh(f, hour)) * 3600) + f.number.int({ min: 60, max: 240 });
  const gross = fareCents(f, tariff, distanceM, Math.ceil(seconds / 60), hour);
  const tip = f.datatype.boolean(TIP_CHANCE) ? f.helpers.arrayElement(TIP_CHOICES) : 0;
  return {
    outcome: 'completed', endedMs: startedMs + seconds * 1000, distanceM,
    grossCents: gross, tipCents: tip, netCents: gross - feeOf(tariff, gross) + tip,
  };
}

/** A rider who cancels after the driver waited five minutes pays the fee; other cancellations pay nothing. */
function cancelled(f: SeededFaker, tariff: Tariff, outcome: RideOutcome, startedMs: number): RideFacts {
  const minutes = f.number.int({ min: 1, max: 10 });
  const fee = outcome === 'cancelled_rider' && minutes > 5 ? tariff.riderCancelFeeCents : 0;
  return {
    outcome, endedMs: startedMs + minutes * MINUTE_MS, distanceM: null,
    grossCents: fee, tipCents: null, netCents: fee - feeOf(tariff, fee),
  };
}

/** `other`: the platform could not settle the trip (a dispute, a lost connection): no amounts at all. */
function other(f: SeededFaker, startedMs: number): RideFacts {
  const minutes = f.number.int({ min: 5, max: 30 });
  return { outcome: 'other', endedMs: startedMs + minutes * MINUTE_MS, distanceM: null, grossCents: null, tipCents: null, netCents: null };
}

/** What a ride started at that time (local `hour`) turns out to be. */
export function rideFacts(f: SeededFaker, tariff: Tariff, startedMs: number, hour: number): RideFacts {
  const outcome = f.helpers.weightedArrayElement(tariff.outcomes);
  if (outcome === 'completed') return completed(f, tariff, startedMs, hour);
  if (outcome === 'other') return other(f, startedMs);
  return cancelled(f, tariff, outcome, startedMs);
}

/**
 * Minutes a driver waits for the next request (with the drive to the pickup): short at rush hour,
 * long in the dead of the night; a day averages about 1.2 trips per online hour, as in Mexico City.
 */
export function waitMinutes(f: SeededFaker, hour: number): number {
  if (isRush(hour)) return f.number.int({ min: 6, max: 26 });
  if (isNight(hour)) return f.number.int({ min: 18, max: 70 });
  return f.number.int({ min: 16, max: 50 });
}
