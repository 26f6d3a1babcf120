import { z } from 'zod';
import { parseHundredths } from '../earnings/money.ts';
import { AppError } from '../errors.ts';
import { parseAnswer, type Remote, type RemoteAnswer } from './http.ts';
import { RIDE_PAGE_TYPE } from './ride-page-wire.ts';
import { batchReader, orBad, pageOrWire, queryString, readRows, reportReader, type ColumnReader, type FeedDaily, type FeedPage, type FeedRide, type FeedWindow, type RideFeed, type RideStatus } from './ride-feed.ts';

const LABEL = 'platform_b';

/** platform_b's words for a ride's state. */
const STATE: Record<string, RideStatus> = {
  COMPLETED: 'completed', CANCELLED_BY_PASSENGER: 'cancelled_rider', CANCELLED_BY_DRIVER: 'cancelled_driver',
  CANCELLED_BY_SUPPORT: 'cancelled_support', ONGOING: 'in_progress', OTHER: 'other',
};

const RIDE_FIELDS = ['id', 'vehicleExternalId', 'driverExternalId', 'state', 'startTime', 'endTime', 'distanceKm',
  'grossAmount', 'tipAmount', 'netAmount'] as const;
const DAILY_FIELDS = ['date', 'driverExternalId', 'trips', 'grossAmount', 'netAmount', 'onlineHours'] as const;

const DailyAnswer = z.object({ meta: z.object({ fields: z.array(z.string()) }), data: z.array(z.unknown()) });
const RidesAnswer = z.object({ meta: z.object({ fields: z.array(z.string()), nextCursor: z.string().nullable() }), data: z.array(z.unknown()) });

/** A decimal string ("87.50") as hundredths; null stays null. */
function decimalOrNull(c: ColumnReader, row: unknown[], name: string): number | null {
  const text = c.strOrNull(row, name);
  return text === null ? null : orBad(parseHundredths(text), name);
}

function toRide(c: ColumnReader, row: unknown[]): FeedRide {
  return {
    platformRideId: c.str(row, 'id'), vehicleId: c.strOrNull(row, 'vehicleExternalId'), driverId: c.strOrNull(row, 'driverExternalId'),
    status: orBad(STATE[c.str(row, 'state')], 'state'), startedAtMs: c.instant(row, 'startTime'),
    completedAtMs: c.strOrNull(row, 'endTime') === null ? null : c.instant(row, 'endTime'),
    distanceHkm: decimalOrNull(c, row, 'distanceKm'), grossCents: decimalOrNull(c, row, 'grossAmount'),
    tipCents: decimalOrNull(c, row, 'tipAmount'), netCents: decimalOrNull(c, row, 'netAmount'),
  };
}

function toDaily(c: ColumnReader, row: unknown[]): FeedDaily {
  return {
    date: c.str(row, 'date'), driverId: c.strOrNull(row, 'driverExternalId'), trips: c.int(row, 'trips'),
    grossCents: orBad(decimalOrNull(c, row, 'grossAmount'), 'grossAmount'), netCents: orBad(decimalOrNull(c, row, 'netAmount'), 'netAmount'),
    onlineChours: orBad(decimalOrNull(c, row, 'onlineHours'), 'onlineHours'),
  };
}

const pageOf = (body: unknown): FeedPage => {
  const { meta, data } = parseAnswer(RidesAnswer, { status: 200, body }, LABEL);
  return { rides: readRows(meta.fields, RIDE_FIELDS, data, LABEL, toRide), nextCursor: meta.nextCursor };
};

const dailyOf = (body: unknown): FeedDaily[] => {
  const { meta, data } = parseAnswer(DailyAnswer, { status: 200, body }, LABEL);
  return readRows(meta.fields, DAILY_FIELDS, data, LABEL, toDaily);
};

/** platform_b's reports (`GET /api/v2/rides`, `GET /api/v2/earnings/daily`, the batch) for platform-b-client.ts. */
export function platformBRideFeed(remote: Remote, rejected: (answer: RemoteAnswer) => AppError): RideFeed {
  const get = reportReader(remote, rejected);
  const ridesPath = (w: FeedWindow, cursor: string | null, limit: number) => `/api/v2/rides?${queryString({ fleetId: w.fleetId, from: w.from, to: w.to, limit, cursor })}`;

  return {
    listRides: async (w, cursor, limit) => pageOf((await get(ridesPath(w, cursor, limit))).body),
    listPackedRides: async (w, cursor, limit) => pageOrWire(await get(ridesPath(w, cursor, limit), RIDE_PAGE_TYPE), LABEL, pageOf),
    async listDailyEarnings(w) {
      const qs = queryString({ fleetId: w.fleetId, from: w.from, to: w.to });
      return dailyOf((await get(`/api/v2/earnings/daily?${qs}`)).body);
    },
    readBatch: batchReader(remote, rejected, LABEL, '/api/v2/reports/batch', { daily: dailyOf, page: pageOf }),
  };
}
