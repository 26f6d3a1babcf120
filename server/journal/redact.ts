import { KEY_PREFIX_PATTERN, KEY_TAIL_PATTERN } from '../auth/secrets.ts';
import { MAX_BODY_BYTES } from './entry.ts';

/**
 * A partner key anywhere in text: `fk_<env>_<12 hex>_<32 base62>` (auth/secrets.ts). Whatever carries
 * it (a header, the path, the query, a body, an error message echoing them) keeps the public prefix
 * only. Redacted when an entry is built (capture.ts: at once for a request with a body, at the first
 * read of the journal otherwise; the authorization header is cut at capture), so no secret is ever
 * shown, exported or kept past that.
 */
const SECRET = new RegExp(`(${KEY_PREFIX_PATTERN})_${KEY_TAIL_PATTERN}`, 'g');
const BEARER = new RegExp(`^Bearer\\s+(${KEY_PREFIX_PATTERN})_`, 'i');

const HAS_SECRET = new RegExp(SECRET.source);
/**
 * A key a length limit cut: its prefix and the first characters of its secret, at the very end;
 * its underscores as written, or as a URL (`%5F`) or unparsed JSON text (`\u005f`) spells them.
 */
const SEPARATOR = '(?:_|%5[Ff]|\\\\u005[Ff])';
const CUT_SECRET = new RegExp(`(fk${SEPARATOR}(?:live|test)${SEPARATOR}[0-9a-f]{12})${SEPARATOR}[A-Za-z0-9]{1,31}$`);
/** Longer than a key: the end of a text that may hold a cut one. */
const KEY_CHARS = 64;

/**
 * A text cut at a limit (a path at 2,048 characters, a body at 64 KiB, a form field at 1 KiB) may end
 * in part of a key: the redaction's pattern no longer matches it, and 31 of its 32 secret characters
 * would show. That end keeps the key's prefix only, as a whole key does.
 */
export function withoutCutKey(text: string): string {
  const from = Math.max(0, text.length - KEY_CHARS);
  const cut = CUT_SECRET.exec(text.slice(from));
  return cut ? `${text.slice(0, from + cut.index)}${cut[1]}_…` : text;
}

/**
 * Cheap first tests: most text has no `fk_`, `%` or `\u` at all, and then no regex runs. A key
 * spelled otherwise (`fk%5Ftest…` in a URL, `fk\u005ftest…` in JSON text) is one too: when the
 * decoded text holds a key, the text is kept decoded, with the key cut to its prefix.
 */
export function redact(text: string): string {
  const plain = text.includes('fk_') ? text.replace(SECRET, '$1_…') : text;
  if (!plain.includes('%') && !plain.includes('\\u')) return plain;
  const decoded = unescapeJson(decodeUrlFully(plain));
  return decoded !== plain && HAS_SECRET.test(decoded) ? decoded.replace(SECRET, '$1_…') : plain;
}

/** Decoded until nothing changes (a few rounds at most): `%255F` is `%5F` once decoded, `_` twice. */
function decodeUrlFully(text: string): string {
  let decoded = text;
  for (let round = 0; round < 8 && decoded.includes('%'); round++) {
    const next = decodeUrl(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

function decodeUrl(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

const unescapeJson = (text: string) =>
  text.includes('\\u') ? text.replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;

/** What the journal shows for a credential it does not keep. */
export const HIDDEN = '[oculto]';

/** `Bearer <key>` shows the key's prefix; any other credential is not kept at all. */
export function redactAuthorization(value: string): string {
  const match = BEARER.exec(value);
  return match ? `Bearer ${match[1]}_…` : HIDDEN;
}

/** Request headers that carry credentials of their own, kept as `[oculto]` like a non-key authorization. */
export const CREDENTIAL_HEADERS: readonly string[] = ['cookie', 'proxy-authorization'];

/**
 * Redacts a JSON text. A key written plainly is cut where it stands (the JSON stays valid); one
 * spelled with escapes is found field by field, each string decoded and redacted on its own.
 */
export function redactJson(json: string): string {
  const plain = json.includes('fk_') ? json.replace(SECRET, '$1_…') : json;
  if (!plain.includes('%') && !plain.includes('\\u')) return plain;
  return JSON.stringify(JSON.parse(plain, (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value)), (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), v]))
      : value,
  );
}

/** `a=1&a=2&b=` → `{a: ['1', '2'], b: ''}`, names and values redacted once decoded (`fk%5Ftest…` is a key too). */
export function queryObject(query: string): Record<string, string | string[]> {
  // No prototype: a parameter named toString, constructor or __proto__ is a name like any other.
  const out: Record<string, string | string[]> = Object.create(null);
  if (query === '') return out;
  for (const [rawName, rawValue] of new URLSearchParams(query)) {
    // The query may have been cut at its limit: its last name or value may end in part of a key.
    const name = withoutCutKey(redact(rawName));
    const value = withoutCutKey(redact(rawValue));
    const had = out[name];
    out[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/**
 * Redacts, then cuts at MAX_BODY_BYTES. A cut copies the kept bytes into a string of its own: a slice
 * of a 1 MB answer would keep the whole megabyte alive in V8 (sliced strings hold their parent).
 */
export function cutBody(text: string): { body: string; truncated: boolean } {
  // The text may already be cut (the body tap keeps 64 KiB and a byte): its end may hold part of a key.
  const clean = withoutCutKey(redact(text));
  // A UTF-8 character takes at most 3 bytes per UTF-16 unit: shorter texts cannot be over.
  if (clean.length * 3 <= MAX_BODY_BYTES || Buffer.byteLength(clean) <= MAX_BODY_BYTES) return { body: clean, truncated: false };
  return { body: withoutCutKey(Buffer.from(clean).subarray(0, MAX_BODY_BYTES).toString()), truncated: true };
}
