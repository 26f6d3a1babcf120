import { describe, expect, it } from 'vitest';
import { belowMinimum, parseMinCoverage } from '../../cli/scenario/coverage.ts';
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
