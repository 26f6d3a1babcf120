import { MEXICO_CITY_OFFSET_MS } from './mexico-city.ts';

// How people read times and sizes, the same in the CLI and the dashboard. Machine output (--json,
// the APIs) keeps ISO UTC instants and bytes. No imports beyond the calendar: every CLI command may load it.

/** `2026-05-04 06:00`: an instant in Mexico City time, to the minute (the API's calendar). */
export function mexicoCityTime(iso: string): string {
  return new Date(Date.parse(iso) + MEXICO_CITY_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A size in the one unit people see: KB (1024 bytes), rounded up so a small file is never "0 KB". */
export const sizeText = (bytes: number): string => `${Math.ceil(bytes / 1024).toLocaleString('es-MX')} KB`;

/** `2026-05-04 06:00 CDMX`: the same, labelled, where the time stands alone in a line of text. */
export const cdmxTime = (iso: string): string => `${mexicoCityTime(iso)} CDMX`;
