/**
 * What makes the two platforms' rides differ: fares in MXN centavos, the platform's fee, the
 * cancellation mix and how long amounts keep settling. Values are plausible for Mexico City
 * ride-hailing in 2025–26 (a short trip of 4 km / 15 min costs about 70 MXN), not any company's.
 */
export type SimPlatform = 'platform_a' | 'platform_b';

/** The final outcome of a ride; `in_progress` is not an outcome but what a ride is until it ends. */
export type RideOutcome = 'completed' | 'cancelled_rider' | 'cancelled_driver' | 'cancelled_support' | 'other';

export interface Tariff {
  baseCents: number;
  perKmCents: number;
  perMinuteCents: number;
  minimumCents: number;
  /** The platform's cut of the fare; tips go to the driver whole. */
  commissionPercent: number;
  /** Charged to a rider who cancels after the driver waited five minutes. */
  riderCancelFeeCents: number;
  /** Weights of the outcomes (out of 1000). */
  outcomes: { value: RideOutcome; weight: number }[];
  /** Days after the service day during which amounts may still change; 0 = final at once. */
  settlingDays: number;
}

export const TARIFFS: Record<SimPlatform, Tariff> = {
  platform_a: {
    baseCents: 1_200,
    perKmCents: 650,
    perMinuteCents: 190,
    minimumCents: 4_500,
    commissionPercent: 25,
    riderCancelFeeCents: 3_500,
    outcomes: [
      { value: 'completed', weight: 862 },
      { value: 'cancelled_rider', weight: 80 },
      { value: 'cancelled_driver', weight: 42 },
      { value: 'cancelled_support', weight: 10 },
      { value: 'other', weight: 6 },
    ],
    settlingDays: 0,
  },
  platform_b: {
    baseCents: 1_000,
    perKmCents: 590,
    perMinuteCents: 180,
    minimumCents: 4_000,
    commissionPercent: 20,
    riderCancelFeeCents: 3_000,
    outcomes: [
      { value: 'completed', weight: 840 },
      { value: 'cancelled_rider', weight: 92 },
      { value: 'cancelled_driver', weight: 50 },
      { value: 'cancelled_support', weight: 14 },
      { value: 'other', weight: 4 },
    ],
    settlingDays: 16,
  },
};

/** Tips riders give, in centavos: round peso amounts. */
export const TIP_CHOICES = [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000];
export const TIP_CHANCE = 0.14;

/** The fee the platform keeps from an amount, rounded to the centavo. */
export const feeOf = (tariff: Tariff, cents: number): number => Math.round((cents * tariff.commissionPercent) / 100);
