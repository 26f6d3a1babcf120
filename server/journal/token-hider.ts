import { HIDDEN } from './redact.ts';

/** The shortest start of the token that a length limit may leave at a cut text's end and that is still hidden. */
const MIN_CUT = 8;

/** A hex digit in either case: `%2a` and `%2A` are one escape. */
const hexDigit = (d: string) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d);

/**
 * The spellings one character of the token may take in a kept text: as written; percent-encoded,
 * once or more (`%21`, `%2521`); escaped in JSON text (`\"`, `\\`, `\/`, `\u0021`); a `+` read as a
 * space by a query's parser.
 */
function charPattern(c: string): string {
  const hex = [...c.charCodeAt(0).toString(16).padStart(2, '0')].map(hexDigit).join('');
  const spellings = [c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), `%(?:25)*${hex}`, `\\\\u00${hex}`];
  if (c === '"' || c === '\\' || c === '/') spellings.push(`\\\\\\${c}`);
  if (c === '+') spellings.push(' ');
  return `(?:${spellings.join('|')})`;
}

/**
 * The serve's control token, wherever a /v1 request carried it (the path, the query, a header, a
 * body): `[oculto]`, in any spelling above, where it stands (nothing else of the text changes); and
 * in a text a length limit cut, its first characters at the end. It opens every world, and a HAR is
 * shared. Applied to each text of an entry on its own when the entry is built, so JSON stays JSON.
 */
export interface TokenHider {
  /** `cut`: the text was cut at a limit (a path, a query, a body): its end may hold the token's start. */
  text(text: string, cut?: boolean): string;
  /** A value's strings (and an object's keys), walked. */
  value<T>(value: T): T;
  /** A JSON text, string by string, and only when it holds the token at all. */
  json(text: string): string;
}

const NONE: TokenHider = { text: (t) => t, value: (v) => v, json: (t) => t };

export function tokenHider(token: string | null): TokenHider {
  if (token === null || token === '') return NONE;
  const spelled = new RegExp([...token].map(charPattern).join(''), 'g');
  const starts = [...new Set([token, JSON.stringify(token).slice(1, -1), encodeURIComponent(token)])];

  function withoutCutToken(text: string): string {
    for (const form of starts) {
      for (let n = Math.min(form.length - 1, text.length); n >= MIN_CUT; n--) {
        if (text.endsWith(form.slice(0, n))) return `${text.slice(0, -n)}${HIDDEN}`;
      }
    }
    return text;
  }

  function text(raw: string, cut = false): string {
    const hidden = raw.replace(spelled, HIDDEN);
    return cut ? withoutCutToken(hidden) : hidden;
  }

  function value<T>(v: T): T {
    if (typeof v === 'string') return text(v) as T;
    if (Array.isArray(v)) return v.map(value) as T;
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), value(x)])) as T;
    return v;
  }

  function json(raw: string): string {
    spelled.lastIndex = 0;
    if (!spelled.test(raw)) return raw;
    try {
      // String by string: a token of digits alone may stand in a number, which a text replace would break.
      return JSON.stringify(value(JSON.parse(raw) as unknown));
    } catch {
      return text(raw); // a body typed JSON that is not: hidden as text
    }
  }

  return { text, value, json };
}
