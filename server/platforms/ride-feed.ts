import { z } from 'zod';
import { platformUnavailable, type AppError } from '../errors.ts';
import { parseAnswer, type Remote, type RemoteAnswer } from './http.ts';
import { parseInstant } from '../lib/iso-instant.ts';
import { NEXT_CURSOR_HEADER, wirePageOf, type WirePage } from './ride-page-wire.ts';

/**
 * What the platform clients give the ingestion, already in the API's vocabulary and units: the
 * statuses of the spec, instants in epoch ms, money in centavos, distance in hundredths of a km,
 * online time in hundredths of an hour. Both platforms' reports travel as compact rows under a list
 * of column names; a client maps columns by name, so a platform adding a column breaks nothing.
 */
/** The platforms answer daily earnings for at most a month per call. */
export const DAILY_READ_MAX_DAYS = 31;

import { RIDE_STATUSES, type RideStatus } from '../rides/statuses.ts';
export { RIDE_STATUSES, type RideStatus };

export interface FeedRide {
  platformRideId: string;
  vehicleId: string | null;
  driverId: string | null;
  status: RideStatus;
  startedAtMs: number;
  completedAtMs: number | null;
  distanceHkm: number | null;
  grossCents: number | null;
  tipCents: number | null;
  netCents: number | null;
}

export interface FeedDaily {
  date: string;
  driverId: string | null;
  trips: number;
  grossCents: number;
  netCents: number;
  onlineChours: number;
}

export interface FeedWindow {
  fleetId: string;
  from: string;
  to: string;
}

export interface FeedPage {
  rides: FeedRide[];
  nextCursor: string | null;
}

/** One fleet's part of a batch read: its window's daily rows and first page of rides. */
export interface FleetReport {
  fleetId: string;
  daily: FeedDaily[];
  page: FeedPage;
}

/** The calls the ingestion needs from a platform; both clients implement them. */
export interface RideFeed {
  listRides(window: FeedWindow, cursor: string | null, limit: number): Promise<FeedPage>;
  /**
   * listRides asking for the testbed's binary page (ride-page-wire.ts), which the ingestion stores as
   * it comes; a platform that answers JSON is read as listRides reads it.
   */
  listPackedRides(window: FeedWindow, cursor: string | null, limit: number): Promise<FeedPage | WirePage>;
  listDailyEarnings(window: FeedWindow): Promise<FeedDaily[]>;
  /**
   * Many fleets' reports in one call (a testbed extension of the simulated platforms: docs/rides.md),
   * in the order of `windows`; each window spans at most a month, `limit` rides per fleet.
   */
  readBatch(windows: FeedWindow[], limit: number): Promise<FleetReport[]>;
}

/** Thrown while reading a row; the client turns it into PLATFORM_UNAVAILABLE (an unreadable answer). */
class BadRow extends Error {}

const bad = (what: string): never => {
  throw new BadRow(what);
};

/** Typed access to the cells of compact rows, by column name. */
export function columnReader(columns: readonly string[], wanted: readonly string[]) {
  const at: Record<string, number> = {};
  for (const name of wanted) {
    const i = columns.indexOf(name);
    at[name] = i < 0 ? bad(`missing column ${name}`) : i;
  }
  return {
    str: (row: unknown[], name: string): string => (typeof row[at[name]] === 'string' ? (row[at[name]] as string) : bad(name)),
    strOrNull: (row: unknown[], name: string): string | null => {
      const v = row[at[name]];
      return v === null || typeof v === 'string' ? v : bad(name);
    },
    int: (row: unknown[], name: string): number => (Number.isSafeInteger(row[at[name]]) ? (row[at[name]] as number) : bad(name)),
    intOrNull: (row: unknown[], name: string): number | null => {
      const v = row[at[name]];
      return v === null || Number.isSafeInteger(v) ? (v as number | null) : bad(name);
    },
    instant: (row: unknown[], name: string): number => {
      const ms = parseInstant(String(row[at[name]]));
      return Number.isNaN(ms) ? bad(name) : ms;
    },
  };
}

export type ColumnReader = ReturnType<typeof columnReader>;

/** Converts compact rows with `read`; a missing column or any unreadable row makes the whole answer unusable. */
export function readRows<T>(columns: readonly string[], wanted: readonly string[], rows: unknown[], label: string,
  read: (c: ColumnReader, row: unknown[]) => T): T[] {
  try {
    const c = columnReader(columns, wanted);
    return rows.map((row) => (Array.isArray(row) ? read(c, row) : bad('row')));
  } catch (err) {
    if (err instanceof BadRow) throw platformUnavailable(label);
    throw err;
  }
}

export const orBad = <T>(value: T | null | undefined, what: string): T => (value === null || value === undefined ? bad(what) : value);

/** `?a=1&b=x` without the parameters that are null. */
export const queryString = (params: Record<string, string | number | null>): string =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== null).map(([k, v]) => [k, String(v)])).toString();

/**
 * A report read that must answer 200; anything else is the platform's refusal, mapped by the client.
 * `binary`: the content type asked for as well as JSON (RemoteCall.binary).
 */
export function reportReader(remote: Remote, rejected: (answer: RemoteAnswer) => AppError) {
  return async (path: string, binary?: string): Promise<RemoteAnswer> => {
    const answer = await remote({ method: 'GET', path, binary });
    if (answer.status !== 200) throw rejected(answer);
    return answer;
  };
}

/** A rides answer as the binary page it came as, or as the platform's JSON page, read by `pageOf`. */
export function pageOrWire(answer: RemoteAnswer, label: string, pageOf: (body: unknown) => FeedPage): FeedPage | WirePage {
  return answer.bytes === undefined ? pageOf(answer.body) : wirePageOf(answer.bytes, answer.headers?.[NEXT_CURSOR_HEADER], label);
}

const BatchAnswer = z.object({ reports: z.array(z.object({ fleetId: z.string(), daily: z.unknown(), rides: z.unknown() })) });

/**
 * `readBatch` for a platform whose batch route is `path`; each fleet's bodies are read by the
 * platform's own per-fleet readers. An answer that does not name the fleets asked, in order, is unusable.
 */
export function batchReader(remote: Remote, rejected: (answer: RemoteAnswer) => AppError, label: string, path: string,
  read: { daily(body: unknown): FeedDaily[]; page(body: unknown): FeedPage }): RideFeed['readBatch'] {
  return async (windows, limit) => {
    const json = { windows: windows.map(({ fleetId, from, to }) => ({ fleetId, from, to })), limit };
    const answer = await remote({ method: 'POST', path, json });
    if (answer.status !== 200) throw rejected(answer);
    const { reports } = parseAnswer(BatchAnswer, answer, label);
    if (reports.length !== windows.length || reports.some((r, i) => r.fleetId !== windows[i].fleetId)) throw platformUnavailable(label);
    return reports.map((r) => ({ fleetId: r.fleetId, daily: read.daily(r.daily), page: read.page(r.rides) }));
  };
}
