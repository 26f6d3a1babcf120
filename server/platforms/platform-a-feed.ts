import { z } from 'zod';
import { metresToHundredthsOfKm, minutesToHundredthsOfHour } from '../earnings/money.ts';
import { AppError } from '../errors.ts';
import { parseAnswer, type Remote, type RemoteAnswer } from './http.ts';
import { RIDE_PAGE_TYPE } from './ride-page-wire.ts';
import { batchReader, orBad, pageOrWire, queryString, readRows, reportReader, type ColumnReader, type FeedDaily, type FeedPage, type FeedRide, type FeedWindow, type RideFeed, type RideStatus } from './ride-feed.ts';

const LABEL = 'platform_a';

/** platform_a's words for a ride's status. */
const STATUS: Record<string, RideStatus> = {
  completed: 'completed', rider_canceled: 'cancelled_rider', driver_canceled: 'cancelled_driver',
  support_canceled: 'cancelled_support', on_trip: 'in_progress', unknown: 'other',
};

const RIDE_COLUMNS = ['id', 'vehicle_external_id', 'driver_external_id', 'status', 'started_at', 'completed_at',
  'distance_m', 'fare_cents', 'tip_cents', 'payout_cents'] as const;
const DAILY_COLUMNS = ['date', 'driver_external_id', 'trips', 'fare_cents', 'payout_cents', 'online_minutes'] as const;

const Rows = z.object({ columns: z.array(z.string()), rows: z.array(z.unknown()) });
const RidesAnswer = Rows.extend({ next_cursor: z.string().nullable() });

function toRide(c: ColumnReader, row: unknown[]): FeedRide {
  const completedAt = c.strOrNull(row, 'completed_at');
  const metres = c.intOrNull(row, 'distance_m');
  return {
    platformRideId: c.str(row, 'id'), vehicleId: c.strOrNull(row, 'vehicle_external_id'), driverId: c.strOrNull(row, 'driver_external_id'),
    status: orBad(STATUS[c.str(row, 'status')], 'status'), startedAtMs: c.instant(row, 'started_at'),
    completedAtMs: completedAt === null ? null : c.instant(row, 'completed_at'),
    distanceHkm: metres === null ? null : metresToHundredthsOfKm(metres),
    grossCents: c.intOrNull(row, 'fare_cents'), tipCents: c.intOrNull(row, 'tip_cents'), netCents: c.intOrNull(row, 'payout_cents'),
  };
}

function toDaily(c: ColumnReader, row: unknown[]): FeedDaily {
  return {
    date: c.str(row, 'date'), driverId: c.strOrNull(row, 'driver_external_id'), trips: c.int(row, 'trips'),
    grossCents: c.int(row, 'fare_cents'), netCents: c.int(row, 'payout_cents'),
    onlineChours: minutesToHundredthsOfHour(c.int(row, 'online_minutes')),
  };
}

const pageOf = (body: unknown): FeedPage => {
  const answer = parseAnswer(RidesAnswer, { status: 200, body }, LABEL);
  return { rides: readRows(answer.columns, RIDE_COLUMNS, answer.rows, LABEL, toRide), nextCursor: answer.next_cursor };
};

const dailyOf = (body: unknown): FeedDaily[] => {
  const answer = parseAnswer(Rows, { status: 200, body }, LABEL);
  return readRows(answer.columns, DAILY_COLUMNS, answer.rows, LABEL, toDaily);
};

/** platform_a's reports (`GET /v1/rides`, `GET /v1/earnings/daily`, the batch) for platform-a-client.ts. */
export function platformARideFeed(remote: Remote, rejected: (answer: RemoteAnswer) => AppError): RideFeed {
  const get = reportReader(remote, rejected);
  const ridesPath = (w: FeedWindow, cursor: string | null, limit: number) => `/v1/rides?${queryString({ fleet_id: w.fleetId, from: w.from, to: w.to, limit, starting_after: cursor })}`;

  return {
    listRides: async (w, cursor, limit) => pageOf((await get(ridesPath(w, cursor, limit))).body),
    listPackedRides: async (w, cursor, limit) => pageOrWire(await get(ridesPath(w, cursor, limit), RIDE_PAGE_TYPE), LABEL, pageOf),
    async listDailyEarnings(w) {
      const qs = queryString({ fleet_id: w.fleetId, from: w.from, to: w.to });
      return dailyOf((await get(`/v1/earnings/daily?${qs}`)).body);
    },
    readBatch: batchReader(remote, rejected, LABEL, '/v1/reports/batch', { daily: dailyOf, page: pageOf }),
  };
}
