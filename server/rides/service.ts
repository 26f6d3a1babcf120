import type { Db } from '../db/open.ts';
import type { Page } from '../db/keyset.ts';
import { DAY_MS, dayStartMs } from '../lib/mexico-city.ts';
import type { ListRidesQuery } from './schema.ts';
import { createRideStore } from './store.ts';
import { toRide, type Ride } from './view.ts';

/** Reads of the ingested rides; ingestion lives in ingest.ts. */
export function createRideService(deps: { db: Db }) {
  const store = createRideStore(deps.db);

  /** `from`..`to` become the instants [start of from, start of the day after to): days are fixed 24 h at -06:00. */
  function list(tenantId: string, q: ListRidesQuery): Page<Ride> {
    const filters = {
      fromMs: q.from === undefined ? undefined : dayStartMs(q.from),
      // Plus a day in ms, not addDays: the day after 9999-12-31 has no `YYYY-MM-DD` spelling.
      untilMs: q.to === undefined ? undefined : dayStartMs(q.to) + DAY_MS,
      driverId: q.driverId,
      vehicleId: q.vehicleId,
      status: q.status,
    };
    const { rows, hasMore } = store.list(tenantId, q.platform, filters, q.limit, q.startingAfter);
    return { data: rows.map((r) => toRide(q.platform, r)), hasMore };
  }

  return { list };
}

export type RideService = ReturnType<typeof createRideService>;
