/**
 * fast-check arbitraries for hostile input, shared by every suite that feeds an HTTP surface
 * (the API, the platform simulators, document uploads). Each "poison" arbitrary is invalid by
 * construction, so a property can demand a 4xx instead of merely "not a 5xx".
 */
import fc from 'fast-check';

/** Pieces that have broken parsers, databases, terminals or logs somewhere. */
export const NASTY_FRAGMENTS = [
  '\u0000', '\u202E', '\u200F', 'مرحبا بالعالم', 'שלום', '🚗', '👩‍👩‍👧‍👦', '🇲🇽', '\uFEFF', '\u200B', 'e\u0301',
  "'; DROP TABLE vehicles; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '${7*7}', '{{7*7}}',
  '\\', '"', '\r\n', '\ud800', 'Ω≈ç√∫', 'NULL', 'undefined', '__proto__',
] as const;

/** Unicode soup: emoji, RTL marks, NUL bytes, lone surrogates and ordinary graphemes. */
export const unicodeString = fc
  .array(fc.oneof(fc.constantFrom(...NASTY_FRAGMENTS), fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 12 })
  .map((parts) => parts.join(''));

/**
 * Strings of 2,001 to 100,000 code points (zod measures length in code points, not UTF-16 units).
 * No chunk is whitespace, so trimming cannot shrink them below the largest text limit of the API
 * (vehicle notes, 2000): they are too long for every field.
 */
export const hugeString = fc
  .record({ size: fc.integer({ min: 2_001, max: 100_000 }), chunk: fc.constantFrom('x', 'ñ', '🚗', '\u0000', 'مرحبا', 'A1-') })
  .map(({ size, chunk }) => chunk.repeat(Math.ceil(size / Array.from(chunk).length)));

/** JSON text nested `depth` levels deep, as arrays or objects; built as text so no stack is spent. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

export const deepNesting = fc
  .record({ depth: fc.integer({ min: 100, max: 1000 }), kind: fc.constantFrom('array' as const, 'object' as const) })
  .map(({ depth, kind }) => JSON.parse(deepJson(depth, kind)) as unknown);

/** Any JSON value, hostile strings and deep nesting included. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  unicodeString,
  fc.constantFrom(null, true, false, 0, -0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1),
  fc.array(unicodeString, { maxLength: 4 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as unknown),
);

/** Field kinds of a JSON body, enough to pick a value that cannot pass validation. */
export type FieldKind = 'text' | 'int' | 'list' | 'uuid';
export type Nullable = { kind: FieldKind; nullable?: boolean };
export type BodyFields = Record<string, FieldKind | Nullable>;

const notString = fc.oneof(
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(),
  fc.array(hostileJson, { maxLength: 3 }), fc.dictionary(unicodeString, hostileJson, { maxKeys: 3 }), deepNesting,
);

/** A value of the wrong type or size for a field of that kind: never valid, whatever the field. */
export function poisonFor(field: FieldKind | Nullable): fc.Arbitrary<unknown> {
  const { kind, nullable } = typeof field === 'string' ? { kind: field, nullable: false } : field;
  const nulls = nullable ? [] : [fc.constant(null)];
  switch (kind) {
    case 'text':
      return fc.oneof(notString, hugeString, ...nulls);
    case 'uuid':
      return fc.oneof(notString, hugeString, unicodeString.filter((s) => !/^[0-9a-f-]{36}$/i.test(s)), ...nulls);
    case 'int':
      return fc.oneof(
        unicodeString, fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), deepNesting,
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
        fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, '2020', '1'), ...nulls,
      );
    case 'list':
      return fc.oneof(unicodeString, fc.integer(), fc.boolean(), fc.constant([]), fc.array(notString, { minLength: 1, maxLength: 3 }), hugeString, ...nulls);
  }
}

/** Object keys that are unusual in themselves. */
const hostileKey = fc.oneof(unicodeString, fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', 'id', 'tenantId', 'createdAt'));

/** A raw HTTP body with its Content-Type. */
export interface RawBody {
  contentType: string;
  payload: string;
  contentEncoding?: string;
}

const json = (payload: string): RawBody => ({ contentType: 'application/json', payload });

/** JSON text that no strict parser accepts (an empty body is left out: body-parser reads it as {}). */
export const malformedJson = fc.constantFrom(
  '{', '}', '{"a":}', "{'a':1}", '[1,]', '{"a":1,}', 'NaN', '{"a":NaN}', '{"a":1} trailing', '/* c */ {}', '\u0000',
  '{"a":"\\x41"}', '{"a":"\\ud800', 'undefined', '"just a string"', '42', 'true', 'null',
);

/** Content types under which a JSON endpoint must refuse the body, whatever it holds. */
export const wrongContentType = fc.constantFrom(
  'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x',
  'application/jsonx', 'text/json', 'application/octet-stream', 'application/json; charset=latin1', 'application/json; charset=bogus',
);

/**
 * A body that fails validation for an endpoint with these fields: at least one known field is
 * poisoned, among hostile extra fields; or the body is not an object; or it is not JSON at all.
 */
export function hostileBody(fields: BodyFields): fc.Arbitrary<RawBody> {
  const names = Object.keys(fields);
  const poisoned = fc
    .record({
      extras: fc.dictionary(hostileKey, hostileJson, { maxKeys: 5 }),
      poison: fc.constantFrom(...names).chain((name) => poisonFor(fields[name]).map((value) => ({ name, value }))),
    })
    // Object.defineProperty keeps a "__proto__" key an own, serialised property.
    .map(({ extras, poison }) => json(JSON.stringify(Object.defineProperty({ ...extras }, poison.name, { value: poison.value, enumerable: true }))));
  return fc.oneof(
    { arbitrary: poisoned, weight: 5 },
    fc.oneof(fc.array(hostileJson, { maxLength: 4 }), unicodeString, fc.integer(), fc.constant(null)).map((v) => json(JSON.stringify(v))),
    fc.record({ depth: fc.integer({ min: 500, max: 1000 }) }).map(({ depth }) => json(deepJson(depth, 'array'))),
    malformedJson.map(json),
    fc.record({ contentType: wrongContentType, payload: fc.oneof(unicodeString, fc.constant('{}')) }),
    // A compressed body that does not inflate, or an encoding nobody supports.
    fc.record({ contentEncoding: fc.constantFrom('gzip', 'deflate', 'br', 'bogus', 'gzip, gzip'), payload: unicodeString })
      .map(({ contentEncoding, payload }) => ({ ...json(payload), contentEncoding })),
  );
}

/** encodeURIComponent throws on a lone surrogate; hostile text may hold one. */
const enc = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Query-string noise that a correct endpoint ignores or refuses, never crashes on. */
export const queryNoise = fc.oneof(
  fc.constantFrom('limit[]=', 'limit[]=1', 'a[b][c]=d', '__proto__=x', 'constructor=1', '&&', '=', '==x', '%ZZ=%ZZ', 'x=%', 'x=%E0%A4%A'),
  fc.record({ k: unicodeString, v: unicodeString }).map(({ k, v }) => `${enc(k)}=${enc(v)}`),
);

/** Query parameters that no list endpoint accepts (the pagination ones are common to all). */
export function poisonQuery(extra: Record<string, string[]> = {}): fc.Arbitrary<string> {
  const pairs = [
    ...['', 'abc', '0', '101', '-1', '1e1', '2.0', '%00', '%205', '99999999999999999999'].map((v) => `limit=${v}`),
    'limit=1&limit=2', 'startingAfter=%00', 'startingAfter=', 'startingAfter=not-a-uuid',
    'startingAfter=00000000-0000-4000-8000-000000000000', 'startingAfter=a&startingAfter=b',
    ...Object.entries(extra).flatMap(([key, values]) => values.map((v) => `${key}=${v}`)),
  ];
  return fc
    .record({ poison: fc.constantFrom(...pairs), noise: fc.array(queryNoise, { maxLength: 4 }) })
    .chain(({ poison, noise }) => fc.shuffledSubarray([poison, ...noise], { minLength: noise.length + 1 }))
    .map((parts) => parts.join('&'));
}

/** Path segments that cannot name a resource: never empty, always safe to put in a request line. */
export const hostilePathId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '..', '%2e%2e', '..%2F..%2Fetc', 'null', 'undefined', '0', '-1', 'NaN', '1e309', '%20') },
  fc.uuid().map((u) => u.toUpperCase()),
  fc.uuid(),
  unicodeString.filter((s) => s.length > 0).map(enc),
  fc.integer({ min: 1000, max: 8000 }).map((n) => 'a'.repeat(n)),
);

/** Authorization values a client might send by mistake or malice (printable: Node refuses others). */
export const hostileAuthorization = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'Bearer null', 'Bearer undefined', 'Bearer ../../etc'),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }).map((s) => `Bearer ${s}`),
);
