import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLEAN_TEXT_PATTERN, isCleanText } from '../../server/common/schemas.ts';

/** What the API accepts of a free-text field, leaving its length aside: the trimmed text is clean. */
const accepted = (s: string) => isCleanText(s.trim());

/** JSON Schema tools compile a pattern with the `u` flag (ajv) or without it (older engines). */
const compiled = [
  ['with the u flag', new RegExp(CLEAN_TEXT_PATTERN, 'u')],
  ['without the u flag', new RegExp(CLEAN_TEXT_PATTERN)],
] as const;

const BMP = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit));

/** Code units where the rule turns: controls, what trim removes, surrogates, and ordinary letters. */
const edgeUnit = fc.constantFrom(
  ...'\u0000\u0008\t\n\u000b\f\r\u000e\u001f \u007f\u0080\u00a0\u1680\u2000\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff',
  '\ud800', '\udbff', '\udc00', '\udfff', 'a', 'ñ', '😀', '\ud83d\ude95',
);

describe('the document\'s pattern for free text (server/common/schemas.ts)', () => {
  it.each(compiled)('when compiled %s, then every single code unit, alone, padded and between letters, is judged as the API judges it', (_flag, re) => {
    const wrong = BMP.flatMap((c) => [c, ` ${c} `, `a${c}b`, `${c}${c}a`].filter((s) => re.test(s) !== accepted(s)));

    expect(wrong.map((s) => [...s].map((ch) => ch.codePointAt(0)!.toString(16)).join(' '))).toEqual([]);
  });

  it.each(compiled)('when compiled %s, then any mix of edge characters is judged as the API judges it', (_flag, re) => {
    fc.assert(
      fc.property(fc.array(edgeUnit, { maxLength: 12 }), (units) => {
        const s = units.join('');
        expect(re.test(s)).toBe(accepted(s));
      }),
      { numRuns: 3000 },
    );
  });
});
