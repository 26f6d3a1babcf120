/**
 * `Date.parse` for the instants the platforms send, `2026-05-04T12:34:56.789Z`, with the day's start
 * parsed once per day rather than once per instant: a 50-vehicle fixture reads ~44,000 of them, and
 * rides come day by day. Any other shape (an offset, no milliseconds, 24:00, a lower-case z) and any
 * out-of-range time go to Date.parse itself, so the answer is always Date.parse's, quirks included
 * (it rolls 2026-02-30 over to March; the day's start, asked of it, does the same).
 */
let lastDay = '';
let lastDayMs = NaN;

const ZERO = 48;

/** The `count` digits at `at` as a number, or -1. */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ` by its separators and the day's digits (the time's are read below). */
const shaped = (text: string): boolean =>
  text.length === 24 && text[4] === '-' && text[7] === '-' && text[10] === 'T' && text[13] === ':' && text[16] === ':'
  && text[19] === '.' && text[23] === 'Z' && digits(text, 0, 4) >= 0 && digits(text, 5, 2) >= 0 && digits(text, 8, 2) >= 0;

export function parseInstant(text: string): number {
  if (!shaped(text)) return Date.parse(text);
  const h = digits(text, 11, 2);
  const m = digits(text, 14, 2);
  const s = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59 || ms < 0) return Date.parse(text);
  const day = text.slice(0, 10);
  if (day !== lastDay) {
    lastDay = day;
    lastDayMs = Date.parse(`${day}T00:00:00.000Z`);
  }
  return lastDayMs + ((h * 60 + m) * 60 + s) * 1000 + ms;
}
