import type { Response } from 'express';
import { packRides, RECORD } from '../../server/ingestion/packed-rides.ts';
import { metresToHundredthsOfKm } from '../../server/earnings/money.ts';
import { uuidBytes } from '../../server/lib/ids.ts';
import { NEXT_CURSOR_HEADER, RIDE_ID_BYTES, RIDE_PAGE_TYPE } from '../../server/platforms/ride-page-wire.ts';
import type { FeedRide } from '../../server/platforms/ride-feed.ts';
import type { ReportedRide, RideCursor } from './reports.ts';
import { encodeCursor } from './view.ts';

const NO_KEY = new Uint8Array(16);

/** Whether the request asks for the testbed's binary page of rides (server/platforms/ride-page-wire.ts). */
export const wantsPackedPage = (accept: string | undefined): boolean => accept !== undefined && accept.startsWith(RIDE_PAGE_TYPE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each vehicle's and driver's id of the page as its 16 bytes; null if one is no UUID (it cannot travel so). */
function idBytes(rides: readonly ReportedRide[]): Map<string, Buffer> | null {
  const bytes = new Map<string, Buffer>();
  for (const { vehicle, driver } of rides) {
    for (const id of [vehicle, driver]) {
      if (id === null || bytes.has(id)) continue;
      if (!UUID.test(id)) return null;
      bytes.set(id, uuidBytes(id));
    }
  }
  return bytes;
}

/**
 * A page of rides as the testbed's binary page: the same rides, at the same now, as the platform's
 * JSON page of that request, in the API's units (ride-page-wire.ts). Either platform sends its own
 * ride ids; the units and statuses are the API's, which is what its JSON would be read as. False,
 * and nothing sent, when a vehicle's or driver's id is no UUID (a fleet the API did not make): the
 * caller answers JSON.
 */
export function sendPackedPage(res: Response, page: { rides: ReportedRide[]; next: RideCursor | null }): boolean {
  const ids = idBytes(page.rides);
  if (ids === null) return false;
  const rides: FeedRide[] = page.rides.map(({ id, vehicle, driver, ride: r }) => ({
    platformRideId: id, vehicleId: vehicle, driverId: driver, status: r.status, startedAtMs: r.startedMs, completedAtMs: r.completedMs,
    distanceHkm: r.distanceM === null ? null : metresToHundredthsOfKm(r.distanceM), grossCents: r.gross, tipCents: r.tip, netCents: r.net,
  }));
  const records = packRides(0, rides, () => NO_KEY, (id) => (id === null ? null : ids.get(id)!));
  const body = Buffer.alloc(rides.length * (RECORD + RIDE_ID_BYTES));
  Buffer.from(records.buffer).copy(body);
  for (let i = 0; i < rides.length; i++) {
    const id = rides[i].platformRideId;
    if (id.length > RIDE_ID_BYTES) throw new Error(`ride id too long for the packed page: ${id}`);
    body.write(id, rides.length * RECORD + i * RIDE_ID_BYTES, 'latin1');
  }
  res.setHeader('content-type', RIDE_PAGE_TYPE);
  if (page.next) res.setHeader(NEXT_CURSOR_HEADER, encodeCursor(page.next));
  res.end(body);
  return true;
}
