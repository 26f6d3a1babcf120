import { describe, expect, it } from 'vitest';
import { belowMinimum, parseMinCoverage, takenBack } from '../../cli/scenario/coverage.ts';
import { mergeReports } from '../../server/coverage/report.ts';
import { CliError } from '../../cli/output.ts';

const report = (covered: number, total: number) => ({ covered, total, transitions: [] });

describe('--min-coverage', () => {
  it.each([
    ['0', 0],
    ['100', 100],
    ['97.5', 97.5],
  ])('when it is %j, then it is the percentage %d', (text, value) => {
    expect(parseMinCoverage(text)).toBe(value);
  });

  it('when it is absent, then there is no minimum', () => {
    expect(parseMinCoverage(undefined)).toBeNull();
  });

  it.each(['-1', '100.5', 'abc', '', ' ', 'Infinity'])('when it is %j, then a Spanish error names the value', (text) => {
    expect(() => parseMinCoverage(text)).toThrow(new CliError(`--min-coverage debe ser un porcentaje de 0 a 100 (recibido: ${text})`));
  });

  it('when the run is just below the minimum, then the reason names both figures', () => {
    expect(belowMinimum(report(39, 40), 100)).toBe('la cobertura de transiciones es 97.5% (39 de 40), por debajo del mínimo de 100%');
  });

  it('when the run is exactly at the minimum, or there is none, then nothing is wrong', () => {
    expect(belowMinimum(report(39, 40), 97.5)).toBeNull();
    expect(belowMinimum(report(0, 40), null)).toBeNull();
  });

  it('when 99.96 % is covered, then it never reads as 100 %', () => {
    expect(belowMinimum(report(2499, 2500), 100)).toContain('es 99.9% (2499 de 2500)');
  });
});

describe('a run\'s coverage across world restores (takenBack)', () => {
  const counts = (x: number, y: number) => ({
    covered: 0, total: 2,
    transitions: [{ machine: 'm', from: 'a', to: 'x', count: x }, { machine: 'm', from: 'a', to: 'y', count: y }],
  });

  it('when a restore goes back and a later one forward to a later snapshot, then each transition the steps made counts once', () => {
    // save a (0,0) → steps make x → save b (1,0) → restore a → steps make y → restore b (the world has x again).
    const back = takenBack(counts(1, 0), counts(0, 0));
    const forward = takenBack(counts(0, 1), counts(1, 0));

    const run = mergeReports([back, forward, counts(1, 0)]);

    expect(run.transitions.map((t) => t.count)).toEqual([1, 1]);
  });

  it('when a restore takes back a transition, then the difference is what the steps made since the snapshot', () => {
    expect(takenBack(counts(3, 1), counts(1, 1)).transitions.map((t) => t.count)).toEqual([2, 0]);
  });
});
