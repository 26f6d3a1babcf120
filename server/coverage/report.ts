import { DECLARED, transitionKey } from './machines.ts';

export interface TransitionCount {
  machine: string;
  from: string | null;
  to: string;
  count: number;
}

/** `GET /_testbed/coverage` (contract §4): every declared transition, 0 when never seen. */
export interface CoverageReport {
  covered: number;
  total: number;
  transitions: TransitionCount[];
}

const summarize = (transitions: TransitionCount[]): CoverageReport => ({
  covered: transitions.filter((t) => t.count > 0).length,
  total: transitions.length,
  transitions,
});

/** Declared transitions with their counts (absent: 0), in the declaration's order. */
export function coverageReport(counts: ReadonlyMap<string, number>): CoverageReport {
  return summarize(DECLARED.map((t) => ({ ...t, count: counts.get(transitionKey(t.machine, t.from, t.to)) ?? 0 })));
}

/**
 * Several reports as one (a scenario run's tenants): counts add up per transition. The list is the
 * reports' own, not this process's declaration, so a CLI of another version merges a serve's answers.
 */
export function mergeReports(reports: readonly CoverageReport[]): CoverageReport {
  const merged = new Map<string, TransitionCount>();
  for (const t of reports.flatMap((r) => r.transitions)) {
    const key = transitionKey(t.machine, t.from, t.to);
    const seen = merged.get(key);
    merged.set(key, { machine: t.machine, from: t.from, to: t.to, count: (seen?.count ?? 0) + t.count });
  }
  return summarize([...merged.values()]);
}

/** Covered share in percent; an empty declaration is fully covered. */
export const coveragePercent = (r: Pick<CoverageReport, 'covered' | 'total'>) => (r.total === 0 ? 100 : (r.covered / r.total) * 100);

/** One decimal, floored: 99.96 % never reads as 100 %. */
export const coveragePercentText = (r: Pick<CoverageReport, 'covered' | 'total'>) => `${(Math.floor(coveragePercent(r) * 10) / 10).toFixed(1)}%`;
