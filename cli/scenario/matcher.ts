/**
 * Expectations: a subset match (every key written must be there and match; keys not written are
 * ignored, because the API may add fields within v1), arrays element by element with the same
 * length, scalars by strict equality, plus a few `$` operators for what is not known in advance.
 */
import { similarNames } from '../../server/lib/similar-names.ts';
type Check = (actual: unknown, arg: unknown, at: string) => string[];

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const TYPES: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
  array: Array.isArray,
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  uuid: (v) => typeof v === 'string' && UUID.test(v),
  'date-time': (v) => typeof v === 'string' && DATE_TIME.test(v),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  decimal: (v) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v),
};

const show = (v: unknown) => (v === undefined ? 'nada' : JSON.stringify(v));
const mismatch = (at: string, expected: string, actual: unknown) => [`${at}: se esperaba ${expected}, llegó ${show(actual)}`];

/** Numbers, and the API's decimal strings (money), compare as numbers. */
const numeric = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
const compare = (name: string, holds: (a: number, b: number) => boolean): Check => (actual, arg, at) =>
  holds(numeric(actual), Number(arg)) ? [] : mismatch(at, `${name} ${show(arg)}`, actual);

const OPERATORS: Record<string, Check> = {
  // $exists is handled by the object walk (an absent key); here the value is present.
  $exists: (actual, arg, at) => (arg === (actual !== undefined) ? [] : mismatch(at, arg ? 'que exista' : 'que no exista', actual)),
  $type: (actual, arg, at) => (TYPES[String(arg)]?.(actual) ? [] : mismatch(at, `tipo ${arg}`, actual)),
  $regex: (actual, arg, at) =>
    typeof actual === 'string' && new RegExp(String(arg)).test(actual) ? [] : mismatch(at, `texto que cumpla /${arg}/`, actual),
  $length: (actual, arg, at) => {
    const length = Array.isArray(actual) || typeof actual === 'string' ? actual.length : undefined;
    return length === undefined ? mismatch(at, 'una lista o texto', actual) : match(arg, length, `${at}.length`);
  },
  $contains: (actual, arg, at) => {
    if (typeof actual === 'string' && typeof arg === 'string') return actual.includes(arg) ? [] : mismatch(at, `texto con ${show(arg)}`, actual);
    if (!Array.isArray(actual)) return mismatch(at, 'una lista', actual);
    return actual.some((item) => match(arg, item, at).length === 0) ? [] : mismatch(at, `algún elemento como ${show(arg)}`, actual);
  },
  $every: (actual, arg, at) =>
    Array.isArray(actual) ? actual.flatMap((item, i) => match(arg, item, `${at}[${i}]`)) : mismatch(at, 'una lista', actual),
  $eq: (actual, arg, at) => (JSON.stringify(actual) === JSON.stringify(arg) ? [] : mismatch(at, show(arg), actual)),
  $ne: (actual, arg, at) => (JSON.stringify(actual) !== JSON.stringify(arg) ? [] : mismatch(at, `algo distinto de ${show(arg)}`, actual)),
  $oneOf: (actual, arg, at) =>
    Array.isArray(arg) && arg.some((option) => match(option, actual, at).length === 0) ? [] : mismatch(at, `uno de ${show(arg)}`, actual),
  $gt: compare('>', (a, b) => a > b),
  $gte: compare('≥', (a, b) => a >= b),
  $lt: compare('<', (a, b) => a < b),
  $lte: compare('≤', (a, b) => a <= b),
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOperatorObject = (v: unknown): v is Record<string, unknown> => isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** Every mismatch, each naming where it is (`body.registrations[0].status`); empty when it matches. */
export function match(expected: unknown, actual: unknown, at = ''): string[] {
  if (isOperatorObject(expected)) {
    return Object.entries(expected).flatMap(([op, arg]) => OPERATORS[op]?.(actual, arg, at) ?? [`${at}: comparador desconocido ${op}`]);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return mismatch(at, 'una lista', actual);
    if (actual.length !== expected.length) return mismatch(at, `una lista de ${expected.length} elementos`, `(${actual.length} elementos)`);
    return expected.flatMap((item, i) => match(item, actual[i], `${at}[${i}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return mismatch(at, 'un objeto', actual);
    return Object.entries(expected).flatMap(([key, value]) => {
      const where = at ? `${at}.${key}` : key;
      if (!(key in actual) && !(isOperatorObject(value) && value.$exists === false)) return [`${where}: falta (se esperaba ${show(value)})`];
      return match(value, actual[key], where);
    });
  }
  return expected === actual ? [] : mismatch(at, show(expected), actual);
}

/** A value known only when the step runs (`${count}`): checked then, not at load. */
const isTemplate = (v: unknown) => typeof v === 'string' && /^\$\{[^}]+\}$/.test(v);
const isNumberLike = (v: unknown) => typeof v === 'number' || isTemplate(v) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/** What each operator's argument must be, when the file can show it is not. */
const ARGUMENTS: Record<string, [(v: unknown) => boolean, string]> = {
  $exists: [(v) => typeof v === 'boolean' || isTemplate(v), 'true o false'],
  $length: [(v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0) || isTemplate(v) || isOperatorObject(v), 'un entero ≥ 0 o un comparador ({$gte: 1})'],
  $oneOf: [(v) => Array.isArray(v) || isTemplate(v), 'una lista'],
  $gt: [isNumberLike, 'un número'],
  $gte: [isNumberLike, 'un número'],
  $lt: [isNumberLike, 'un número'],
  $lte: [isNumberLike, 'un número'],
};

function badOperator(key: string, value: unknown): string | null {
  if (!key.startsWith('$')) return null;
  if (!(key in OPERATORS)) {
    const meant = similarNames(key, Object.keys(OPERATORS));
    return `comparador desconocido: ${key}${meant.length ? `. ¿Quisiste decir ${meant.join(' o ')}?` : ` (se admiten ${Object.keys(OPERATORS).join(', ')})`}`;
  }
  if (key === '$type' && !(String(value) in TYPES)) {
    const meant = similarNames(String(value), Object.keys(TYPES));
    return `$type ${JSON.stringify(value)} no es uno de ${Object.keys(TYPES).join(', ')}${meant.length ? `. ¿Quisiste decir ${meant.join(' o ')}?` : ''}`;
  }
  const argument = ARGUMENTS[key];
  if (argument && !argument[0](value)) return `${key} debe ser ${argument[1]} (recibido: ${JSON.stringify(value)})`;
  if (key === '$regex') {
    try {
      new RegExp(String(value));
    } catch {
      return `$regex no válida: ${JSON.stringify(value)} no es una expresión regular de JavaScript`;
    }
  }
  return null;
}

/**
 * Unknown `$` keys, unknown types and broken regexes, so a typo fails when the file is loaded, not
 * mid-run; each with the path to its key under `at`, so the file's line is the key's own.
 */
export function operatorProblems(expected: unknown, at: PropertyKey[] = []): { path: PropertyKey[]; message: string }[] {
  if (Array.isArray(expected)) return expected.flatMap((item, i) => operatorProblems(item, [...at, i]));
  if (!isPlainObject(expected)) return [];
  return Object.entries(expected).flatMap(([key, value]) => {
    const problem = badOperator(key, value);
    return [...(problem ? [{ path: [...at, key], message: problem }] : []), ...operatorProblems(value, [...at, key])];
  });
}
