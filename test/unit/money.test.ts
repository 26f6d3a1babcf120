import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatHundredths, metresToHundredthsOfKm, minutesToHundredthsOfHour, parseHundredths,
} from '../../server/earnings/money.ts';

describe('decimal strings as integer hundredths', () => {
  it.each([
    ['123.45', 12345],
    ['7.5', 750],
    ['0.05', 5],
    ['40', 4000],
    ['-3.10', -310],
    ['-0.00', 0],
    [' 12.00 ', 1200],
  ])('when "%s" is parsed, then it is %i hundredths', (text, value) => {
    expect(parseHundredths(text)).toBe(value);
  });

  it.each(['1.234', '12,50', '1e3', 'abc', '', '.5', '5.', '--1', 'NaN'])('when "%s" is parsed, then it is not a decimal (null)', (text) => {
    expect(parseHundredths(text)).toBeNull();
  });

  it.each([
    [12345, '123.45'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-123456789, '-1234567.89'],
  ])('when %i hundredths are formatted, then the text is "%s"', (value, text) => {
    expect(formatHundredths(value)).toBe(text);
  });

  it('when a value that is not a whole number of hundredths is formatted, then it throws instead of rounding silently', () => {
    expect(() => formatHundredths(1.5)).toThrow(RangeError);
  });

  it('when any text of digits, dots, signs and spaces is parsed, then the answer is the one the regex of the spec\'s decimals gives (the character-by-character reading changes none)', () => {
    // The reading before the fast path, kept here as the oracle.
    const byRegex = (text: string): number | null => {
      const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
      if (!m) return null;
      const value = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
      return m[1] === '-' && value !== 0 ? -value : value;
    };
    const text = fc.array(fc.constantFrom('0', '1', '5', '9', '.', '-', '+', ' ', 'e', '\u00a0', '٣'), { maxLength: 18 }).map((cs) => cs.join(''));
    const likely = fc.tuple(fc.boolean(), fc.stringMatching(/^\d{1,15}$/), fc.stringMatching(/^(\.\d{0,3})?$/)).map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac}`);

    fc.assert(fc.property(fc.oneof(text, likely), (t) => Object.is(parseHundredths(t), byRegex(t))), { numRuns: 5_000 });
    expect(parseHundredths('9999999999999.99')).toBe(999_999_999_999_999);
    expect(parseHundredths('99999999999999')).toBeNull();
  });

  it('when any whole number of hundredths is formatted and parsed back, then it is unchanged', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => parseHundredths(formatHundredths(n)) === n));
  });

  it('when amounts are added as hundredths, then the sum is exact where floats drift', () => {
    const amounts = Array.from({ length: 1000 }, () => '0.10');
    const exact = formatHundredths(amounts.reduce((sum, a) => sum + parseHundredths(a)!, 0));
    const float = amounts.reduce((sum, a) => sum + Number(a), 0);
    expect(exact).toBe('100.00');
    expect(float).not.toBe(100);
  });

  it('when online minutes and metres are converted, then they round once to hundredths', () => {
    expect([minutesToHundredthsOfHour(45), minutesToHundredthsOfHour(7), minutesToHundredthsOfHour(600)]).toEqual([75, 12, 1000]);
    expect([metresToHundredthsOfKm(5230), metresToHundredthsOfKm(15), metresToHundredthsOfKm(0)]).toEqual([523, 2, 0]);
  });
});
