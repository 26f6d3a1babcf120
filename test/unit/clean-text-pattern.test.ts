import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanTextPattern, isCleanText } from '../../server/common/schemas.ts';

/** What the API accepts of a free-text field (common/schemas.ts `text`): the trimmed text is clean and within bounds. */
const accepted = (s: string, min: number, max: number) => {
  const trimmed = s.trim();
  const length = [...trimmed].length;
  return isCleanText(trimmed) && length >= min && length <= max;
};

/** JSON Schema tools compile a pattern with the `u` flag (ajv) or without it (older engines). */
const FLAGS = [['with the u flag', 'u'], ['without the u flag', '']] as const;

const BMP = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit));

/** Code units where the rule turns: controls, what trim removes, surrogates, and ordinary letters. */
const edgeUnit = fc.constantFrom(
  ...'\u0000\u0008\t\n\u000b\f\r\u000e\u001f \u007f\u0080\u00a0\u1680\u2000\u200a\u200b\u2028\u2029\u202f\u205f\u3000\ufeff',
  '\ud800', '\udbff', '\udc00', '\udfff', 'a', 'ñ', '😀', '\ud83d\ude95',
);

describe('the document\'s pattern for free text (server/common/schemas.ts)', () => {
  it.each(FLAGS)('when compiled %s, then every single code unit, alone, padded and between letters, is judged as the API judges it', (_flag, flags) => {
    const re = new RegExp(cleanTextPattern(1, 80), flags);

    const wrong = BMP.flatMap((c) => [c, ` ${c} `, `a${c}b`, `${c}${c}a`].filter((s) => re.test(s) !== accepted(s, 1, 80)));

    expect(wrong.map((s) => [...s].map((ch) => ch.codePointAt(0)!.toString(16)).join(' '))).toEqual([]);
  });

  it.each(FLAGS)('when compiled %s, then any mix of edge characters is judged as the API judges it, bounds included', (_flag, flags) => {
    fc.assert(
      fc.property(fc.array(edgeUnit, { maxLength: 12 }), fc.constantFrom([1, 2], [1, 4], [2, 3], [2, 6], [3, 5]), (units, [min, max]) => {
        const s = units.join('');
        expect(new RegExp(cleanTextPattern(min, max), flags).test(s)).toBe(accepted(s, min, max));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['blank, line separators and narrow spaces (the fuzzer\'s name)', '\n\u2028\u202f\u205f\u000b', 2, 200, false],
    ['only spaces (the fuzzer\'s city)', '     ', 2, 80, false],
    ['one letter padded to the minimum length', ' a ', 2, 80, false],
    ['two letters, the minimum', 'ab', 2, 80, true],
    ['two letters padded', '\t a b \n', 2, 80, true],
    ['80 letters, the maximum, padded past 80 units', ` ${'x'.repeat(80)} `, 2, 80, true],
    ['81 letters', 'x'.repeat(81), 2, 80, false],
    ['80 emoji, 160 UTF-16 units', '🚕'.repeat(80), 2, 80, true],
    ['81 emoji', '🚕'.repeat(81), 2, 80, false],
  ])('when the text is %s, then the pattern and the API agree', (_case, s, min, max, valid) => {
    for (const [, flags] of FLAGS) expect(new RegExp(cleanTextPattern(min, max), flags).test(s)).toBe(valid);
    expect(accepted(s, min, max)).toBe(valid);
  });
});
