import { describe, expect, it } from 'vitest';
import { daysPerCall } from '../../server/ingestion/generate.ts';

describe('daysPerCall: the days one call to the simulators produces, by the fleet\'s size', () => {
  it.each([
    [0, 14, 14], [1, 14, 14], [50, 14, 14], [50, 7, 7],
    // Just past 50 vehicles the calls shrink: 700 vehicle-days at most.
    [51, 14, 13], [60, 14, 11], [350, 14, 2], [500, 14, 1],
    // Never below one day, however big the fleet.
    [701, 14, 1], [5_000, 7, 1],
  ])('when the fleet has %i vehicles and a call may hold %i days, then it holds %i', (vehicles, most, days) => {
    expect(daysPerCall(vehicles, most)).toBe(days);
  });
});
