import type { IngestCounts } from './ingest.ts';

/** What `rides generate` reports per platform, summed over chunks by the route and by the CLI. */
export interface PlatformGenerated extends IngestCounts {
  /** The tenant's vehicles active on the platform. */
  vehicles: number;
  /** Rides written by this call (days already generated are kept as they are). */
  generatedRides: number;
}

export const emptyCounts = (): PlatformGenerated => ({ vehicles: 0, generatedRides: 0, rides: 0, dailyEarnings: 0 });

/** Vehicles are the fleet seen in any chunk (the most); the rest add up. */
export const addCounts = (a: PlatformGenerated, b: PlatformGenerated): PlatformGenerated => ({
  vehicles: Math.max(a.vehicles, b.vehicles), generatedRides: a.generatedRides + b.generatedRides,
  rides: a.rides + b.rides, dailyEarnings: a.dailyEarnings + b.dailyEarnings,
});
