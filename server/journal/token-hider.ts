import { decodeUrlFully, HIDDEN } from './redact.ts';

/** The shortest start of the token that a length limit may leave at a text's end and that is still hidden. */
const MIN_CUT = 8;

/**
 * The serve's control token, wherever a /v1 request carried it (the path, the query, a header, a
 * body): `[oculto]`, as written, as JSON text escapes it, as a URL spells it (decoded until nothing
 * changes), and when a length limit cut it (its first characters at a text's end). It opens every
 * world, and a HAR is shared. Applied when an entry is built, to each text on its own, so a JSON
 * text stays JSON and a query its parameters.
 */
export interface TokenHider {
  text(text: string): string;
  /** A value's strings (and an object's keys), walked. */
  value<T>(value: T): T;
  /** A JSON text, string by string. */
  json(text: string): string;
}

const NONE: TokenHider = { text: (t) => t, value: (v) => v, json: (t) => t };

export function tokenHider(token: string | null): TokenHider {
  if (token === null || token === '') return NONE;
  const forms = [...new Set([token, JSON.stringify(token).slice(1, -1), encodeURIComponent(token)])];
  const starts = forms.map((form) => form.slice(0, MIN_CUT));
  // Most texts hold no start of any form and no escape: nothing more to look at.
  const mayHold = (text: string) => text.includes('%') || starts.some((start) => text.includes(start));

  function withoutCutToken(text: string): string {
    for (const form of forms) {
      for (let n = Math.min(form.length - 1, text.length); n >= MIN_CUT; n--) {
        if (text.endsWith(form.slice(0, n))) return `${text.slice(0, -n)}${HIDDEN}`;
      }
    }
    return text;
  }

  function text(raw: string): string {
    if (!mayHold(raw)) return raw;
    let out = raw;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(HIDDEN);
    const decoded = out.includes('%') ? decodeUrlFully(out) : out;
    if (decoded !== out && decoded.includes(token!)) out = decoded.split(token!).join(HIDDEN);
    return withoutCutToken(out);
  }

  function value<T>(v: T): T {
    if (typeof v === 'string') return text(v) as T;
    if (Array.isArray(v)) return v.map(value) as T;
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), value(x)])) as T;
    return v;
  }

  function json(raw: string): string {
    if (!mayHold(raw)) return raw;
    try {
      return JSON.stringify(value(JSON.parse(raw) as unknown));
    } catch {
      return text(raw); // a body typed JSON that is not: hidden as text
    }
  }

  return { text, value, json };
}
