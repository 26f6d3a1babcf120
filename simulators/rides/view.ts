import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../../server/lib/mexico-city.ts';
import type { RideCursor } from './reports.ts';

/** Both platforms cap a daily-earnings read at a month, as real partner APIs do. */
export const MAX_DAILY_WINDOW_DAYS = 31;
/** Rides per page: large, so a year of a big fleet is a few hundred calls. */
export const MAX_PAGE = 25_000;

export const DateParam = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');
export const LimitParam = z.coerce.number().int().min(1).max(MAX_PAGE);

/** from ≤ to, and at most `maxDays` days when capped. */
export const windowOk = (q: { from: string; to: string }, maxDays: number | null) =>
  q.from <= q.to && (maxDays === null || daysBetween(q.from, q.to) < maxDays);

/** Opaque to the partner: where the last page ended. */
export const encodeCursor = (c: RideCursor): string => Buffer.from(`${c.date}~${c.vehicle}~${c.seq}`).toString('base64url');

export function decodeCursor(text: string | undefined): RideCursor | null {
  if (!text) return null;
  const [date, vehicle, seq] = Buffer.from(text, 'base64url').toString().split('~');
  if (!isCalendarDate(date ?? '') || !vehicle || !/^\d+$/.test(seq ?? '')) return null;
  return { date, vehicle, seq: Number(seq) };
}

export const CursorParam = z.string().refine((c) => decodeCursor(c) !== null, 'unknown cursor');

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
