import { readFileSync } from 'node:fs';

/**
 * A text file of the user's, as UTF-8, without the byte-order mark some Windows editors put first:
 * YAML skips it, but JSON.parse does not, and a scenario or fixture saved so was "not valid JSON"
 * with nothing in it to fix. `0` reads the standard input.
 */
export const readText = (file: string | 0): string => withoutBom(readFileSync(file, 'utf8'));

/** A text without the byte-order mark it may start with (a file's, or the first line piped in). */
export const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
