import type { Platform } from '../common/schemas.ts';
import { uuidBytes } from '../lib/ids.ts';
import { sha256 } from '../lib/sha256.ts';

/**
 * Ride ids are UUIDv7 (RFC 9562): 48 bits of startedAt in ms, then bits of a hash of the seed, the
 * platform and the platform's ride id. Deterministic like every other id, and ordered like the list
 * (startedAt, then id), so the primary key serves the list and new rides append to its b-tree.
 * They are stored as their 16 bytes; the text form only appears at the edges.
 */
export function rideKey(seed: number, platform: Platform, platformRideId: string, startedAtMs: number): Buffer {
  const key = sha256(`${seed}:${platform}:ride:${platformRideId}`).subarray(0, 16);
  key.writeUIntBE(startedAtMs, 0, 6);
  key[6] = (key[6] & 0x0f) | 0x70;
  key[8] = (key[8] & 0x3f) | 0x80;
  return key;
}

/** The 48 bits of a UUIDv7 hold the instants from 1970-01-01T00:00Z to the year 10889. */
const LAST_KEY_MS = 2 ** 48 - 1;

/**
 * The smallest key of a ride started at `ms`: `id >= instantKey(a) AND id < instantKey(b)` is [a, b).
 * An instant before 1970 is clamped to 1970, where the first possible ride starts: a date bound of
 * any accepted year (0001–9999) becomes a key, and a window that ends before 1970 holds no ride.
 */
export function instantKey(ms: number): Buffer {
  const key = Buffer.alloc(16);
  key.writeUIntBE(Math.min(Math.max(ms, 0), LAST_KEY_MS), 0, 6);
  return key;
}

/** uuidBytes for the few distinct vehicles and drivers of a page of rides, converted once each. */
export function createUuidBytesMemo(): (uuid: string | null) => Buffer | null {
  const seen = new Map<string, Buffer>();
  return (uuid) => {
    if (uuid === null) return null;
    let bytes = seen.get(uuid);
    if (bytes === undefined) seen.set(uuid, (bytes = uuidBytes(uuid)));
    return bytes;
  };
}
