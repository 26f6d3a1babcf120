import { describe, expect, it } from 'vitest';
import { createCoverageService } from '../../server/coverage/service.ts';
import { DECLARED, MACHINES } from '../../server/coverage/machines.ts';
import { coveragePercent, mergeReports } from '../../server/coverage/report.ts';
import type { Logger } from '../../server/lib/logger.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { makeDeps } from '../support/app.ts';

/** The spec's values of each machine (spec §2 and §3); `null` is "no state yet". */
const SPEC_VALUES: Record<keyof typeof MACHINES, (string | null)[]> = {
  'registration.platform_a': ['none', 'pending', 'approved', 'rejected', 'registered', 'removed'],
  'registration.platform_b': ['none', 'pending', 'approved', 'rejected', 'registered', 'removed'],
  'invitation.platform_a': ['none', 'invited', 'bound', 'rejected'],
  assignment: [null, 'active', 'ended'],
  'assignment.platformSync': ['synced', 'awaiting', 'pending', 'failed'],
  job: ['pending', 'running', 'completed', 'failed'],
  'vehicle.status': ['activo', 'mantenimiento', 'inactivo', 'pending_platform_a'],
  'document.review': [null, 'pending', 'approved', 'rejected'],
};

function setup() {
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = { info() {}, error() {}, warn: (msg, fields) => void warnings.push({ msg, fields }) };
  const deps = makeDeps({ logger });
  const tenants = createTenantService(deps);
  const [a, b] = [tenants.createTenant('Flota A').id, tenants.createTenant('Flota B').id];
  const coverage = createCoverageService(deps);
  const countOf = (report: ReturnType<typeof coverage.report>, machine: string, from: string | null, to: string) =>
    report.transitions.find((t) => t.machine === machine && t.from === from && t.to === to)?.count;
  return { deps, coverage, a, b, warnings, countOf };
}

describe('the declared machines', () => {
  it('when the machines are listed, then they are exactly the contract §4 names', () => {
    expect(Object.keys(MACHINES).sort()).toEqual([
      'assignment', 'assignment.platformSync', 'document.review', 'invitation.platform_a', 'job',
      'registration.platform_a', 'registration.platform_b', 'vehicle.status',
    ]);
  });

  it('when every transition is checked, then from and to are values of its machine in the spec, and none is listed twice', () => {
    for (const t of DECLARED) {
      expect(SPEC_VALUES[t.machine], `${t.machine} ${t.from}`).toContain(t.from);
      expect(SPEC_VALUES[t.machine], `${t.machine} ${t.to}`).toContain(t.to);
      expect(t.from).not.toBe(t.to);
    }
    const keys = DECLARED.map((t) => `${t.machine} ${t.from} ${t.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the transition recorder', () => {
  it('when a transition happens twice in one tenant, then that tenant counts 2, the other 0, and the whole service 2', () => {
    const { coverage, a, b, countOf } = setup();

    coverage.record(a, 'job', 'pending', 'running');
    coverage.record(a, 'job', 'pending', 'running');

    expect(countOf(coverage.report(a), 'job', 'pending', 'running')).toBe(2);
    expect(countOf(coverage.report(b), 'job', 'pending', 'running')).toBe(0);
    expect(countOf(coverage.report(), 'job', 'pending', 'running')).toBe(2);
  });

  it('when the same transition happens in two tenants, then the whole service adds them up', () => {
    const { coverage, a, b, countOf } = setup();

    coverage.record(a, 'assignment', null, 'active');
    coverage.record(b, 'assignment', null, 'active');

    expect(countOf(coverage.report(), 'assignment', null, 'active')).toBe(2);
  });

  it('when a write leaves the state as it was, or clears it, then nothing is counted', () => {
    const { coverage, a } = setup();

    coverage.record(a, 'vehicle.status', 'activo', 'activo');
    coverage.record(a, 'document.review', 'pending', null);

    expect(coverage.report(a).covered).toBe(0);
  });

  it('when a transition is not declared, then it is not counted and a warning names it', () => {
    const { coverage, a, warnings } = setup();

    coverage.record(a, 'job', 'running', 'failed');

    expect(coverage.report(a).transitions.every((t) => t.count === 0)).toBe(true);
    expect(warnings).toEqual([
      { msg: 'transition not declared in server/coverage/machines.ts', fields: { tenantId: a, machine: 'job', from: 'running', to: 'failed' } },
    ]);
  });

  it('when the transaction of the change rolls back, then its count goes with it', () => {
    const { deps, coverage, a } = setup();

    expect(() =>
      deps.db.transaction(() => {
        coverage.record(a, 'job', 'pending', 'running');
        throw new Error('the change failed');
      })(),
    ).toThrow('the change failed');

    expect(coverage.report(a).covered).toBe(0);
  });
});

describe('the coverage report', () => {
  it('when nothing happened, then every declared transition is listed with count 0', () => {
    const { coverage, a } = setup();

    const report = coverage.report(a);

    expect(report).toMatchObject({ covered: 0, total: DECLARED.length });
    expect(report.transitions).toEqual(DECLARED.map((t) => ({ ...t, count: 0 })));
  });

  it('when two transitions happened, then covered is 2 whatever their counts', () => {
    const { coverage, a } = setup();

    coverage.record(a, 'job', 'pending', 'running');
    coverage.record(a, 'job', 'pending', 'running');
    coverage.record(a, 'job', 'running', 'completed');

    expect(coverage.report(a).covered).toBe(2);
  });

  it('when the tenant does not exist, then NOT_FOUND in Spanish', () => {
    const { coverage } = setup();

    expect(() => coverage.report('00000000-0000-4000-8000-000000000000')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringMatching(/^El tenant 00000000-0000-4000-8000-000000000000 no existe en este testbed\. Lo que hizo un mundo borrado sigue contado/) }),
    );
  });

  it('when reports of two tenants are merged, then counts add up per transition and covered counts the union', () => {
    const { coverage, a, b, countOf } = setup();
    coverage.record(a, 'job', 'pending', 'running');
    coverage.record(b, 'job', 'pending', 'running');
    coverage.record(b, 'assignment', null, 'active');

    const merged = mergeReports([coverage.report(a), coverage.report(b)]);

    expect(countOf(merged, 'job', 'pending', 'running')).toBe(2);
    expect(merged).toMatchObject({ covered: 2, total: DECLARED.length });
    expect(merged.transitions.map((t) => t.machine)).toEqual(DECLARED.map((t) => t.machine));
  });

  it.each([
    [0, 40, 0],
    [39, 40, 97.5],
    [40, 40, 100],
    [0, 0, 100],
  ])('when %i of %i are covered, then the percentage is %d', (covered, total, percent) => {
    expect(coveragePercent({ covered, total })).toBe(percent);
  });
});
