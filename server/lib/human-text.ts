import { MEXICO_CITY_OFFSET_MS } from './mexico-city.ts';

// How people read times and sizes, the same in the CLI and the dashboard. Machine output (--json,
// the APIs) keeps ISO UTC instants and bytes. No imports beyond the calendar: every CLI command may load it.

/** `2026-05-04 06:00`: an instant in Mexico City time, to the minute (the API's calendar). */
export function mexicoCityTime(iso: string): string {
  return new Date(Date.parse(iso) + MEXICO_CITY_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A size as people read it: under 1 KB in bytes (a 70-byte card is not "1 KB"), then KB (1024 bytes)
 * rounded up, so a size is never shown smaller than it is.
 */
export const sizeText = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024).toLocaleString('es-MX')} KB`;

/** `a`, `a y b`, `a, b y c` (or with `o`): a list as a sentence says it. */
export const spokenList = (items: readonly string[], last: 'y' | 'o' = 'y'): string =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}` : (items[0] ?? '');

/** `1 paso correcto`, `3 pasos correctos`: a count with its noun, singular for one. */
export const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `2026-05-04 06:00 CDMX`: the same, labelled, where the time stands alone in a line of text. */
export const cdmxTime = (iso: string): string => `${mexicoCityTime(iso)} CDMX`;
