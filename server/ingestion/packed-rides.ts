import type { FeedRide } from '../platforms/ride-feed.ts';
import { RIDE_STATUSES, type RideStatus } from '../rides/statuses.ts';

/**
 * A page of rides to write, packed into one ArrayBuffer of fixed-size records, so it can be handed
 * to the writer thread (ingest-writer.ts) without a copy: a structured clone of 25 000 row arrays
 * costs about as much as writing them, and each Buffer view would drag its whole pool slab along.
 *
 * Record layout (bytes): id 0–15, vehicle 16–31, driver 32–47, flags 48 (bit 0: no vehicle,
 * bit 1: no driver), status 49 (index in RIDE_STATUSES), then float64s from 56: startedAt,
 * completedAt, distance (hundredths of a km), gross, tip, net (centavos); NaN is null.
 */
export interface PackedRides {
  feed: number;
  count: number;
  buffer: ArrayBuffer;
}

export const RECORD = 104;
/** Where in a record: the key's 16 bytes start at 0; the flags, the status, the first float64 (startedAt). */
export const KEY_BYTES = 16;
export const FLAGS_AT = 48;
export const STATUS_AT = 49;
export const STARTED_AT = 56;
const F64_PER_RECORD = RECORD / 8;
const F64_AT = STARTED_AT / 8;
const NO_VEHICLE = 1;
const NO_DRIVER = 2;
/** Record `i`'s start, for whoever fills in keys. */
export const startedAtOf = (f64: Float64Array, i: number): number => f64[i * F64_PER_RECORD + F64_AT];
/** Whether record `i`'s flags and status are ones packRides writes. */
export const recordReadable = (bytes: Uint8Array, i: number): boolean =>
  (bytes[i * RECORD + FLAGS_AT] & ~(NO_VEHICLE | NO_DRIVER)) === 0 && bytes[i * RECORD + STATUS_AT] < RIDE_STATUSES.length;
const STATUS_INDEX = new Map<string, number>(RIDE_STATUSES.map((s, i) => [s, i]));

/** The feeds only give statuses of the list; anything else must not turn into index 0 (`completed`). */
function statusIndex(status: string): number {
  const index = STATUS_INDEX.get(status);
  if (index === undefined) throw new Error(`unknown ride status: ${status}`);
  return index;
}

const orNaN = (n: number | null) => (n === null ? NaN : n);
const orNull = (n: number) => (Number.isNaN(n) ? null : n);

/** Packs a page; `keyOf` gives a ride's 16-byte key, `bytesOf` a UUID's 16 bytes (null stays null). */
export function packRides(feed: number, rides: readonly FeedRide[], keyOf: (r: FeedRide) => Uint8Array,
  bytesOf: (uuid: string | null) => Uint8Array | null): PackedRides {
  const buffer = new ArrayBuffer(rides.length * RECORD);
  const bytes = new Uint8Array(buffer);
  const f64 = new Float64Array(buffer);
  for (let i = 0; i < rides.length; i++) {
    const r = rides[i];
    const at = i * RECORD;
    bytes.set(keyOf(r), at);
    const vehicle = bytesOf(r.vehicleId);
    const driver = bytesOf(r.driverId);
    if (vehicle) bytes.set(vehicle, at + 16);
    if (driver) bytes.set(driver, at + 32);
    bytes[at + FLAGS_AT] = (vehicle ? 0 : NO_VEHICLE) | (driver ? 0 : NO_DRIVER);
    bytes[at + STATUS_AT] = statusIndex(r.status);
    const n = i * F64_PER_RECORD + F64_AT;
    f64[n] = r.startedAtMs;
    f64[n + 1] = orNaN(r.completedAtMs);
    f64[n + 2] = orNaN(r.distanceHkm);
    f64[n + 3] = orNaN(r.grossCents);
    f64[n + 4] = orNaN(r.tipCents);
    f64[n + 5] = orNaN(r.netCents);
  }
  return { feed, count: rides.length, buffer };
}

/** Calls `row` with each record's values in the rides table's column order (store.ts). */
export function forEachPacked(page: PackedRides, row: (...values: unknown[]) => void): void {
  const bytes = new Uint8Array(page.buffer);
  const f64 = new Float64Array(page.buffer);
  for (let i = 0; i < page.count; i++) {
    const at = i * RECORD;
    const flags = bytes[at + FLAGS_AT];
    const n = i * F64_PER_RECORD + F64_AT;
    row(page.feed, bytes.subarray(at, at + 16), flags & NO_VEHICLE ? null : bytes.subarray(at + 16, at + 32),
      flags & NO_DRIVER ? null : bytes.subarray(at + 32, at + 48), RIDE_STATUSES[bytes[at + STATUS_AT]] as RideStatus,
      f64[n], orNull(f64[n + 1]), orNull(f64[n + 2]), orNull(f64[n + 3]), orNull(f64[n + 4]), orNull(f64[n + 5]));
  }
}
