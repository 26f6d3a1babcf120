import { describe, expect, it } from 'vitest';
import { goalMet, renderTable, type Row } from '../../bench/report.ts';

const stat = (median: number) => ({ median, min: median, max: median });
const row = (value: number, goal?: Row['goal']): Row => ({ name: 'x', unit: 'rows/s', value: stat(value), baseline: stat(100), goal });

describe('bench report goals', () => {
  it.each([
    ['just inside the bound', 50, true],
    ['just outside it', 49.9, false],
  ])('when the ratio is %s, then the goal reads as met or not', (_case, value, met) => {
    const r = row(value, { text: '≥ 0.50×', min: 0.5 });
    expect(goalMet(r)).toBe(met);
    expect(renderTable({ meta: {}, rows: [r] })).toContain(`${met ? '✓' : '✗'} ≥ 0.50×`);
  });

  it.each([
    ['just inside the bound', 50, true],
    ['just outside it', 50.1, false],
  ])('when a time goal is on the value itself and the median is %s, then it reads as met or not', (_case, value, met) => {
    const r = { ...row(value, { text: '≤ 50 ms', valueMax: 50 }), unit: 'ms' };
    expect(goalMet(r)).toBe(met);
    expect(renderTable({ meta: {}, rows: [r] })).toContain(`${met ? '✓' : '✗'} ≤ 50 ms`);
  });

  it('when a goal has no bounds (--quick ingestion), then it is shown but not judged', () => {
    const r = row(10, { text: 'judged on the full run only' });
    expect(goalMet(r)).toBeNull();
    expect(renderTable({ meta: {}, rows: [r] })).toContain('– judged on the full run only');
  });

  it('when the figure could not be measured, then its goal reads unknown', () => {
    const r: Row = { ...row(0, { text: '≥ 0.50×', min: 0.5 }), value: null };
    expect(goalMet(r)).toBeNull();
    expect(renderTable({ meta: {}, rows: [r] })).toContain('? ≥ 0.50×');
  });
});
