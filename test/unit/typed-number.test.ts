import { describe, expect, it } from 'vitest';
import { typedNumber } from '../../server/lib/typed-number.ts';

describe('typedNumber: a number option or form field read as a person writes a number', () => {
  it.each([
    ['12', 12], ['0', 0], ['-1', -1], ['0.5', 0.5], ['1.25', 1.25],
  ])('when the text is %j, then it is the number %d', (text, number) => {
    expect(typedNumber(text)).toBe(number);
  });

  it.each(['0x10', '0b11', '1e3', ' 5', '5 ', '', '.5', '5.', '+5', 'Infinity', 'NaN', '1_000'])('when the text is %j, then it stays text (the API refuses it naming the field)', (text) => {
    expect(typedNumber(text)).toBe(text);
  });
});
