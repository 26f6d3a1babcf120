/**
 * A ride's statuses (spec §8), in a module of their own: the ingestion writer's thread needs them and
 * nothing else of the platform clients, whose imports (zod among them) took most of its start.
 */
export const RIDE_STATUSES = ['completed', 'cancelled_driver', 'cancelled_rider', 'cancelled_support', 'in_progress', 'other'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
