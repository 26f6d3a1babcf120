import { z } from 'zod';
import { AppError, invalidFields, worldNotFound } from '../errors.ts';
import { LONE_SURROGATE } from '../lib/lone-surrogate.ts';

/**
 * A field's type error: one that is missing is said as missing (`plate es obligatorio`: `{}` read as
 * "plate debe ser texto"), one of another type as the type it must be.
 */
export const mustBe = (field: string, what: string, example?: string) => (issue: { input?: unknown }) =>
  `${issue.input === undefined ? `${field} es obligatorio` : `${field} debe ser ${what}`}${example === undefined ? '' : `, p. ej. ${example}`}`;

export const PLATFORMS = ['platform_a', 'platform_b'] as const;
export const Platform = z.enum(PLATFORMS, { error: mustBe('platform', 'platform_a o platform_b') });
export type Platform = z.infer<typeof Platform>;

export const Uuid = z.uuid('Debe ser un UUID');

/**
 * Trimmed text with bounds on its trimmed length, so "   " never passes as a brand or a name. The
 * document states both with one pattern; no maxLength, which would count the spaces trim removes.
 */
export const text = (field: string, min: number, max: number) =>
  z
    .string({ error: mustBe(field, 'texto') })
    .trim()
    .min(min, min === 1 ? `${field} no puede estar vacío` : `${field} debe tener al menos ${min} caracteres`)
    .max(max, `${field} debe tener como máximo ${max} caracteres`)
    .refine(isCleanText, `${field} contiene caracteres de control o Unicode inválido`)
    .meta({ pattern: cleanTextPattern(min, max), maxLength: undefined, description: cleanTextNote(min, max) });

/** Control characters and lone UTF-16 surrogates are never part of a name, a city or a model. */
const CONTROL_OR_LONE_SURROGATE = new RegExp(`[\\u0000-\\u001f\\u007f]|${LONE_SURROGATE.source}`);
export const isCleanText = (s: string) => !CONTROL_OR_LONE_SURROGATE.test(s);

const cleanTextNote = (min: number, max: number) =>
  `De ${min} a ${max} caracteres (puntos de código) una vez recortados los espacios de los extremos; un tabulador o un salto ` +
  'de línea solo se admite allí. Sin caracteres de control (U+0000–U+001F, U+007F) ni sustitutos UTF-16 sueltos.';

/**
 * The same rule for the document, on the text as sent (before trim): what trim removes (JavaScript's
 * white space, `\s`) may hold tabs and line breaks; from the first to the last other character (the
 * trimmed text, `min` to `max` code points) only non-control characters. Spelled out without `\s`
 * (engines differ on it) and matching a surrogate pair as two units or as one code point, so it reads
 * and counts the same with or without the `u` flag. No look-arounds (some generators cannot read them),
 * and no two adjacent parts match the same character, so it runs in linear time.
 * test/unit/clean-text-pattern.test.ts checks it against trim, the bounds and isCleanText.
 */
/** What trim removes, as the body of a character class; exported for patterns of other trimmed fields (plates). */
export const TRIMMED = String.raw`\t\n\u000b\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
export const INNER_SPACE = String.raw` \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
const VISIBLE = String.raw`(?:[^\u0000-\u001f\u007f\ud800-\udfff${INNER_SPACE}]|[\ud800-\udbff][\udc00-\udfff])`;
const INNER = `(?:${VISIBLE}|[${INNER_SPACE}])`;

/** The trimmed text starts and ends with a visible character; `min` ≥ 1, `max` ≥ 2. */
export function cleanTextPattern(min: number, max: number): string {
  const core = min >= 2 ? `${VISIBLE}${INNER}{${min - 2},${max - 2}}${VISIBLE}` : `${VISIBLE}(?:${INNER}{0,${max - 2}}${VISIBLE})?`;
  return `^[${TRIMMED}]*${core}[${TRIMMED}]*$`;
}

export const IdParams = z.object({ id: Uuid });
/** A resource on one platform: `/{id}/…/{platform}`. */
export const PlatformParams = z.object({ id: Uuid, platform: Platform });

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const Vin = z.string({ error: mustBe('vin', 'texto') }).regex(VIN_PATTERN, 'vin debe tener 17 caracteres (A-Z sin I, O, Q, y 0-9)');

export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name anything: it is answered like an absent resource. */
export function pathId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID_TEXT.test(value)) throw new AppError('NOT_FOUND', `${what} no existe.`);
  return value.toLowerCase();
}

/**
 * A world's id in a control path or query: one that is not a UUID names no world, and the 404 says
 * which id, as one that is a UUID but unknown does (worldNotFound), so a typo reads the same either way.
 */
export function worldPathId(value: unknown): string {
  if (typeof value !== 'string' || !UUID_TEXT.test(value)) throw worldNotFound(typeof value === 'string' ? shortened(value) : String(value));
  return value.toLowerCase();
}

/** An id a path brought, as a 404 names it: a long one cut (`…`), an empty one shown as `""`. */
export const shortened = (text: string) => (text === '' ? '""' : text.length > 64 ? `${text.slice(0, 64)}…` : text);

/** The body of every "do this on a platform" POST (registrations, invitations). */
export const PlatformBody = z.object({ platform: Platform });

function platformOr(value: unknown, refused: () => AppError): Platform {
  const parsed = Platform.safeParse(value);
  if (!parsed.success) throw refused();
  return parsed.data;
}

/** A platform path segment that is not one of the two names nothing: 404 like an absent resource. */
export const pathPlatform = (value: unknown): Platform => platformOr(value, () => new AppError('NOT_FOUND', 'La plataforma no existe.'));

/**
 * The platform segment of an action (a registration's refresh): spec §4 lists 400 there and nothing
 * else of a bodiless call can be invalid, so one that is not a platform is invalid input, not absent.
 */
export const actionPlatform = (value: unknown): Platform =>
  platformOr(value, () => invalidFields([{ field: 'platform', message: 'platform debe ser platform_a o platform_b' }]));
