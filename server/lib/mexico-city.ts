/**
 * Calendar days in Mexico City time. The spec fixes the offset at -06:00 (Mexico dropped daylight
 * saving in 2022), so a day is plain arithmetic: no time-zone database, and the API and the
 * simulators (which import this shared piece, like the clock) always agree on where a day starts.
 */
export const DAY_MS = 86_400_000;
export const MEXICO_CITY_OFFSET_MS = -6 * 3_600_000;

const DATE_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** The Mexico City calendar day of an instant, `YYYY-MM-DD`. */
export function mexicoCityDate(ms: number): string {
  return new Date(ms + MEXICO_CITY_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Mexico City day starts (00:00 at -06:00 is 06:00 UTC). */
export function dayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - MEXICO_CITY_OFFSET_MS;
}

/**
 * Years 0001 to 9999 (docs/decisions.md, dates): every `YYYY-MM-DD` but year 0000, which ISO 8601
 * allows only by agreement and many date types (Python's, .NET's) cannot hold.
 */
export const FIRST_YEAR = 1;

/** True for a real calendar day only: `2026-02-30`, `2026-2-3` or `0000-01-01` are not dates. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_PATTERN.exec(text);
  if (!m || Number(m[1]) < FIRST_YEAR) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toISOString().slice(0, 10) === text;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
}

/**
 * `date` plus `days`, or null once that passes `last`: what loops over a window step with. Past
 * 9999-12-31 comes year 10000, which `YYYY-MM-DD` cannot hold: its text (`+010000-01`) sorted
 * before every date, and a loop to 9999-12-31 that compared texts never ended.
 */
export function addDaysWithin(date: string, days: number, last: string): string | null {
  return daysBetween(date, last) < days ? null : addDays(date, days);
}

/** `date` plus `days`, or `last` if that comes first: the end of a chunk of a window. */
export const addDaysUpTo = (date: string, days: number, last: string): string => addDaysWithin(date, days, last) ?? last;

/** Every day from `from` to `to`, both included; empty when `to` comes first. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, i) => addDays(from, i));
}

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00.000Z`).getUTCDay();

export const minDate = (a: string, b: string): string => (a < b ? a : b);
export const maxDate = (a: string, b: string): string => (a > b ? a : b);
