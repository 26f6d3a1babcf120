import { platformUnavailable, type AppError } from '../errors.ts';
import type { Remote, RemoteAnswer } from './http.ts';

/**
 * What the platform clients give the ingestion, already in the API's vocabulary and units: the
 * statuses of the spec, instants in epoch ms, money in centavos, distance in hundredths of a km,
 * online time in hundredths of an hour. Both platforms' reports travel as compact rows under a list
 * of column names; a client maps columns by name, so a platform adding a column breaks nothing.
 */
export const RIDE_STATUSES = ['completed', 'cancelled_driver', 'cancelled_rider', 'cancelled_support', 'in_progress', 'other'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

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

/** The two calls the ingestion needs from a platform; both clients implement them. */
export interface RideFeed {
  listRides(window: FeedWindow, cursor: string | null, limit: number): Promise<FeedPage>;
  listDailyEarnings(window: FeedWindow): Promise<FeedDaily[]>;
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
      const ms = Date.parse(String(row[at[name]]));
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

/** A report read that must answer 200; anything else is the platform's refusal, mapped by the client. */
export function reportReader(remote: Remote, rejected: (answer: RemoteAnswer) => AppError) {
  return async (path: string): Promise<RemoteAnswer> => {
    const answer = await remote({ method: 'GET', path });
    if (answer.status !== 200) throw rejected(answer);
    return answer;
  };
}
