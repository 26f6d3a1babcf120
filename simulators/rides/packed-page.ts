import type { Response } from 'express';
import { packRides, RECORD } from '../../server/ingestion/packed-rides.ts';
import { metresToHundredthsOfKm } from '../../server/earnings/money.ts';
import { UUID_TEXT } from '../../server/common/schemas.ts';
import { NEXT_CURSOR_HEADER, RIDE_ID_BYTES, RIDE_PAGE_TYPE } from '../../server/platforms/ride-page-wire.ts';
import type { FeedRide } from '../../server/platforms/ride-feed.ts';
import { createUuidBytesMemo } from '../../server/rides/ride-key.ts';
import type { ReportedRide, RideCursor } from './reports.ts';
import { encodeCursor } from './view.ts';

const NO_KEY = new Uint8Array(16);
/** A ride id the binary page carries as it is: printable ASCII, one byte a character, within its slot. */
const RIDE_ID = new RegExp(`^[\\x21-\\x7e]{1,${RIDE_ID_BYTES}}$`);

/** Whether the request asks for the testbed's binary page of rides (server/platforms/ride-page-wire.ts). */
export const wantsPackedPage = (accept: string | undefined): boolean => accept !== undefined && accept.startsWith(RIDE_PAGE_TYPE);

/** Whether every ride of the page can travel in the binary page: vehicle and driver ids UUIDs, ride ids fit their slot. */
const travels = (rides: readonly ReportedRide[]): boolean =>
  rides.every(({ id, vehicle, driver }) => RIDE_ID.test(id) && UUID_TEXT.test(vehicle) && (driver === null || UUID_TEXT.test(driver)));

/**
 * A page of rides as the testbed's binary page: the same rides, at the same now, as the platform's
 * JSON page of that request, in the API's units (ride-page-wire.ts). Either platform sends its own
 * ride ids; the units and statuses are the API's, which is what its JSON would be read as. False,
 * and nothing sent, when a ride cannot travel so (a fleet the API did not make, whose vehicles' ids
 * are no UUIDs): the caller answers JSON.
 */
export function sendPackedPage(res: Response, page: { rides: ReportedRide[]; next: RideCursor | null }): boolean {
  if (!travels(page.rides)) return false;
  const rides: FeedRide[] = page.rides.map(({ id, vehicle, driver, ride: r }) => ({
    platformRideId: id, vehicleId: vehicle, driverId: driver, status: r.status, startedAtMs: r.startedMs, completedAtMs: r.completedMs,
    distanceHkm: r.distanceM === null ? null : metresToHundredthsOfKm(r.distanceM), grossCents: r.gross, tipCents: r.tip, netCents: r.net,
  }));
  const records = packRides(0, rides, () => NO_KEY, createUuidBytesMemo());
  const body = Buffer.alloc(rides.length * (RECORD + RIDE_ID_BYTES));
  Buffer.from(records.buffer).copy(body);
  for (let i = 0; i < rides.length; i++) body.write(rides[i].platformRideId, rides.length * RECORD + i * RIDE_ID_BYTES, 'latin1');
  res.setHeader('content-type', RIDE_PAGE_TYPE);
  if (page.next) res.setHeader(NEXT_CURSOR_HEADER, encodeCursor(page.next));
  res.end(body);
  return true;
}
