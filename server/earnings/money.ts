/**
 * Money and the other decimal quantities of rides and earnings (km, online hours) travel as decimal
 * strings with two places and are kept as integer hundredths (centavos for MXN). Integers add up
 * exactly, so a summary is the exact sum of its daily rows; floats would drift (0.1 + 0.2).
 */

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** `"123.45"` → 12345, `"7.5"` → 750, `"-3"` → -300; null for anything that is not such a decimal. */
export function parseHundredths(text: string): number | null {
  return plainHundredths(text) ?? parsedHundredths(text);
}

const ZERO = 48;
const digitAt = (text: string, i: number): number => {
  const d = text.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9 ? d : -1;
};

/**
 * The common spelling (`87.50`, `-3`, no spaces) read character by character, or undefined for
 * parsedHundredths to judge: a page of platform_b rides holds four per ride, and the regex took ~0.3 µs
 * each (~30 ms of a 50-vehicle fixture). Whatever it reads, the regex reads the same.
 */
function plainHundredths(text: string): number | undefined {
  const negative = text.charCodeAt(0) === 45; // '-'
  let i = negative ? 1 : 0;
  let whole = 0;
  const start = i;
  for (let d = digitAt(text, i); d >= 0 && i - start < 13; d = digitAt(text, ++i)) whole = whole * 10 + d;
  const wholeDigits = i - start;
  if (wholeDigits === 0 || wholeDigits > 13) return undefined;
  let cents = 0;
  if (i < text.length) {
    if (text.charCodeAt(i) !== 46) return undefined; // '.'
    const tenths = digitAt(text, i + 1);
    const hundredths = i + 2 < text.length ? digitAt(text, i + 2) : 0;
    if (tenths < 0 || hundredths < 0 || text.length > i + 3) return undefined;
    cents = tenths * 10 + hundredths;
  }
  const value = whole * 100 + cents;
  return negative && value !== 0 ? -value : value;
}

function parsedHundredths(text: string): number | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' && value !== 0 ? -value : value;
}

/** 12345 → `"123.45"`, -5 → `"-0.05"`; the input must be a safe integer (it always is: SUM of integers). */
export function formatHundredths(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of hundredths: ${value}`);
  const abs = Math.abs(value);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${fraction}`;
}

export const formatOrNull = (value: number | null): string | null => (value === null ? null : formatHundredths(value));

/** Online time reported in minutes, kept as hundredths of an hour (rounded once, at ingestion). */
export const minutesToHundredthsOfHour = (minutes: number): number => Math.round((minutes * 100) / 60);

/** Distances reported in metres, kept as hundredths of a km (10 m units). */
export const metresToHundredthsOfKm = (metres: number): number => Math.round(metres / 10);
