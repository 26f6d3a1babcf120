import { INNER_SPACE, TRIMMED } from '../common/schemas.ts';
import { catalogNameKeys, FINISHES } from './colors.ts';

/**
 * The document's pattern for a colour name: JSON Schema cannot normalise, so it spells out the
 * common ways of writing each catalog name that resolveColor reads as that name (any case, the
 * Spanish accents and ñ, spaces, hyphens or underscores between words, a paint finish after it).
 * It admits nothing the API refuses; the API also reads rarer spellings (other combining marks),
 * which the description mentions. test/api/openapi-rules.test.ts holds the two together.
 */
const LETTER_VARIANTS: Record<string, string> = { a: 'aáàä', e: 'eéèë', i: 'iíìï', o: 'oóòö', u: 'uúùü', n: 'nñ', c: 'cç' };

const SEPARATOR = `[-_${INNER_SPACE}]`;

function letterClass(ch: string): string {
  const variants = LETTER_VARIANTS[ch] ?? ch;
  const both = [...variants].flatMap((v) => (v.toUpperCase() === v ? [v] : [v, v.toUpperCase()]));
  return both.length === 1 ? both[0] : `[${both.join('')}]`;
}

/** A normalised name ("cafe claro") as the spellings that normalise to it. */
const spelled = (key: string): string => key.split(' ').map((word) => [...word].map(letterClass).join('')).join(`${SEPARATOR}+`);

export function colorNamePattern(): string {
  // Longest first, so "gris oscuro" is tried before "gris" (the pattern is anchored either way).
  const names = catalogNameKeys().sort((a, b) => b.length - a.length).map(spelled);
  const finish = `(?:${SEPARATOR}+(?:${FINISHES.map(spelled).join('|')}))?`;
  return `^[${TRIMMED}]*${SEPARATOR}*(?:${names.join('|')})${finish}${SEPARATOR}*[${TRIMMED}]*$`;
}
