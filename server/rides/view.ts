import type { Platform } from '../common/schemas.ts';
import { formatOrNull } from '../earnings/money.ts';
import type { RideStatus } from '../platforms/ride-feed.ts';
import { mexicoCityDate } from '../lib/mexico-city.ts';
import { uuidText } from '../lib/ids.ts';
import type { RideRow } from './store.ts';

/** Ride (spec §2): money and distance as two-place decimal strings. */
export interface Ride {
  id: string;
  platform: Platform;
  driverId: string | null;
  vehicleId: string | null;
  serviceDate: string;
  startedAt: string | null;
  completedAt: string | null;
  status: RideStatus;
  distanceKm: string | null;
  grossMxn: string | null;
  netMxn: string | null;
  tipMxn: string | null;
}

const uuidTextOrNull = (bytes: Buffer | null) => (bytes === null ? null : uuidText(bytes));
const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toRide = (platform: Platform, r: RideRow): Ride => ({
  id: uuidText(r.id),
  platform,
  driverId: uuidTextOrNull(r.driver_id),
  vehicleId: uuidTextOrNull(r.vehicle_id),
  serviceDate: mexicoCityDate(r.started_at_ms),
  startedAt: isoOrNull(r.started_at_ms),
  completedAt: isoOrNull(r.completed_at_ms),
  status: r.status,
  distanceKm: formatOrNull(r.distance_hkm),
  grossMxn: formatOrNull(r.gross_cents),
  netMxn: formatOrNull(r.net_cents),
  tipMxn: formatOrNull(r.tip_cents),
});
