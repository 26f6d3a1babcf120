import { describe, expect, it } from 'vitest';
import { addDaysUpTo, addDaysWithin, eachDay, isCalendarDate } from '../../server/lib/mexico-city.ts';

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

describe('windows of days up to the calendar\'s last day', () => {
  it('when every day of a window ending on 9999-12-31 is listed, then the list ends there (the day after is year 10000, whose text sorted first)', () => {
    expect(eachDay('9999-12-29', '9999-12-31')).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    expect(eachDay('9999-12-31', '9999-12-31')).toEqual(['9999-12-31']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('when a step lands on the last day, just inside, then it is that day; one past, then null', () => {
    expect(addDaysWithin('9999-12-30', 1, '9999-12-31')).toBe('9999-12-31');
    expect(addDaysWithin('9999-12-31', 1, '9999-12-31')).toBeNull();
    expect(addDaysWithin('2026-03-01', 14, '2026-03-14')).toBeNull();
    expect(addDaysWithin('2026-03-01', 13, '2026-03-14')).toBe('2026-03-14');
  });

  it('when a chunk would run past the window, then it ends with the window', () => {
    expect(addDaysUpTo('9999-12-20', 13, '9999-12-31')).toBe('9999-12-31');
    expect(addDaysUpTo('2026-03-01', 6, '2026-03-31')).toBe('2026-03-07');
  });
});
