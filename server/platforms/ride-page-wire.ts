import { platformUnavailable } from '../errors.ts';
import { KEY_BYTES, RECORD, recordReadable, startedAtOf, type PackedRides } from '../ingestion/packed-rides.ts';

/**
 * A page of rides in the testbed's own binary form: a testbed extension of both simulated platforms'
 * ride reports (docs/rides.md), asked for on the same route, window, cursor and limit with
 * `Accept: RIDE_PAGE_TYPE`. The ingestion reads rides this way: a 50-vehicle fixture's 22 000 rides
 * as JSON cost both processes more than storing them (the companion writing ISO instants and
 * decimals and encoding 4.5 MB, the API decoding and parsing them back); the platforms' JSON stays
 * what every other reader gets, and what a platform that does not speak this answers.
 *
 * The body is `count` records of the ingestion's own layout (packed-rides.ts: its float64s in the
 * machine's byte order, both processes running on one machine), in the API's units and statuses,
 * with their keys left zero, then `count` platform ride ids, printable ASCII, NUL-padded to
 * RIDE_ID_BYTES: the API fills in each key (ride-key.ts) and hands the records to its writer as
 * they came. The next page's cursor is the NEXT_CURSOR_HEADER header, absent on the last page.
 */
export const RIDE_PAGE_TYPE = 'application/vnd.fleet-testbed.rides';
export const NEXT_CURSOR_HEADER = 'x-testbed-next-cursor';
/** Room for a platform ride id: platform_a's are 30 characters, platform_b's 36. */
export const RIDE_ID_BYTES = 40;

/** What a platform answered: the records still keyless, read by `packWirePage`. */
export interface WirePage {
  wire: Buffer;
  count: number;
  nextCursor: string | null;
}

/** The answer's body as a page, or PLATFORM_UNAVAILABLE when its size cannot be whole records or its cursor is empty. */
export function wirePageOf(bytes: Buffer, nextCursor: unknown, label: string): WirePage {
  const count = bytes.length / (RECORD + RIDE_ID_BYTES);
  if (!Number.isInteger(count) || (nextCursor !== undefined && (typeof nextCursor !== 'string' || nextCursor === ''))) throw platformUnavailable(label);
  return { wire: bytes, count, nextCursor: (nextCursor as string | undefined) ?? null };
}

/**
 * The page's records in a buffer of their own (the writer thread takes it whole), each given its
 * key from its ride id and start. An unreadable record (a status or flag out of range, no id, a
 * start that is no instant) makes the whole page unusable, as an unreadable JSON row does.
 */
export function packWirePage(feed: number, page: WirePage, keyOf: (platformRideId: string, startedAtMs: number) => Uint8Array,
  label: string): PackedRides {
  const buffer = new ArrayBuffer(page.count * RECORD);
  const bytes = new Uint8Array(buffer);
  bytes.set(page.wire.subarray(0, page.count * RECORD));
  const f64 = new Float64Array(buffer);
  const idsAt = page.count * RECORD;
  for (let i = 0; i < page.count; i++) {
    const slot = page.wire.subarray(idsAt + i * RIDE_ID_BYTES, idsAt + (i + 1) * RIDE_ID_BYTES);
    const nul = slot.indexOf(0);
    const id = slot.toString('latin1', 0, nul === -1 ? RIDE_ID_BYTES : nul);
    const startedAtMs = startedAtOf(f64, i);
    if (id === '' || !Number.isSafeInteger(startedAtMs) || startedAtMs < 0 || !recordReadable(bytes, i)) throw platformUnavailable(label);
    bytes.set(keyOf(id, startedAtMs).subarray(0, KEY_BYTES), i * RECORD);
  }
  return { feed, count: page.count, buffer };
}
