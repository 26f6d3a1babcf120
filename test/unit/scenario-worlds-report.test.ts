import { describe, expect, it } from 'vitest';
import { worldsReport } from '../../cli/scenario/cleanup.ts';

describe('the lines a scenario run prints about the worlds it leaves', () => {
  it.each([
    [1, '1 mundo de escenarios aprobados borrado'],
    [2, '2 mundos de escenarios aprobados borrados'],
  ])('when %i world of passing files is deleted, then the line agrees in number', (n, line) => {
    const deleted = Array.from({ length: n }, (_, i) => `t${i}`);
    expect(worldsReport({ deleted, kept: [], notDeleted: [] })).toBe(line);
  });

  it('when worlds are kept and one could not be deleted, then each is named, and nothing is said of deletions that did not happen', () => {
    const report = worldsReport({ deleted: [], kept: [{ file: 'a.yaml', tenantIds: ['t1', 't2'] }, { file: 'b.yaml', tenantIds: [] }], notDeleted: [{ tenantId: 't3', reason: 'HTTP 503' }] });

    expect(report).toBe('mundos conservados de a.yaml: t1, t2\nno se pudo borrar el mundo t3: HTTP 503');
  });
});
