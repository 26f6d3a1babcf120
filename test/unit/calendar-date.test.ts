import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../server/lib/mexico-city.ts';

/** Years 0001 to 9999, proleptic Gregorian (docs/decisions.md): shared by the API, the CLI and the simulators. */
describe('isCalendarDate', () => {
  it.each([
    ['0001-01-01', true], ['9999-12-31', true], ['0000-12-31', false], ['10000-01-01', false],
    ['0068-01-22', true], ['0099-12-31', true], ['0004-02-29', true], ['0100-02-29', false], ['0400-02-29', true],
    ['1900-02-29', false], ['2000-02-29', true], ['2026-02-30', false], ['2026-3-01', false], ['٢٠٢٦-٠١-٠١', false],
  ])('when the text is %s, then it is a date: %s', (text, valid) => {
    expect(isCalendarDate(text)).toBe(valid);
  });
});
