import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../../server/rides/mexico-city.ts';
import { amountsAt } from './settling.ts';
import type { RideRow } from './store.ts';
import type { RideOutcome } from './tariffs.ts';

/** A ride as it stands at a simulated instant: until it ends it is `in_progress`, without amounts. */
export interface RideAt {
  id: string;
  vehicle: string;
  driver: string | null;
  status: RideOutcome | 'in_progress';
  startedMs: number;
  completedMs: number | null;
  distanceM: number | null;
  gross: number | null;
  tip: number | null;
  net: number | null;
}

export function rideAt(r: RideRow, nowMs: number): RideAt {
  const base = { id: r.id, vehicle: r.vehicle_external_id, driver: r.driver_external_id, startedMs: r.started_at };
  if (r.ended_at > nowMs) {
    return { ...base, status: 'in_progress', completedMs: null, distanceM: null, gross: null, tip: null, net: null };
  }
  const amounts = amountsAt(
    { grossCents: r.gross, tipCents: r.tip, netCents: r.net },
    { lateTipCents: r.late_tip, lateTipAtMs: r.late_tip_at, adjustCents: r.adjust, adjustNetCents: r.adjust_net, adjustAtMs: r.adjust_at },
    nowMs,
  );
  const done = r.outcome === 'completed';
  return {
    ...base, status: r.outcome as RideOutcome, completedMs: done ? r.ended_at : null, distanceM: r.distance_m,
    gross: amounts.grossCents, tip: amounts.tipCents, net: amounts.netCents,
  };
}

/** Both platforms cap a daily-earnings read at a month, as real partner APIs do. */
export const MAX_DAILY_WINDOW_DAYS = 31;
export const MAX_PAGE = 10_000;

export const DateParam = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');
export const LimitParam = z.coerce.number().int().min(1).max(MAX_PAGE);

export const checkWindow = (q: { from: string; to: string }, maxDays: number | null) =>
  q.from <= q.to && (maxDays === null || daysBetween(q.from, q.to) < maxDays);

/** Opaque cursor: the (service date, id) of the last ride of a page. */
export const encodeCursor = (r: RideRow): string => Buffer.from(`${r.service_date}~${r.id}`).toString('base64url');

export function decodeCursor(text: string | undefined): { date: string; id: string } | null {
  if (!text) return null;
  const [date, id] = Buffer.from(text, 'base64url').toString().split('~');
  return isCalendarDate(date ?? '') && id ? { date, id } : null;
}
