import { coveragePercent, coveragePercentText, mergeReports, type CoverageReport } from '../../server/coverage/report.ts';
import { transitionKey } from '../../server/coverage/machines.ts';
import { CliError } from '../output.ts';
import { send, StepError } from './http.ts';

/** One world's coverage, or null when the world is gone (deleted by the file itself). */
export async function coverageOfWorld(baseUrl: string, headers: Record<string, string>, tenantId: string): Promise<CoverageReport | null> {
  const response = await send(`${baseUrl}/_testbed/coverage?tenant=${encodeURIComponent(tenantId)}`, { method: 'GET', headers });
  if (response.status === 404) return null;
  if (response.status !== 200) throw new StepError(`no se pudo leer la cobertura de transiciones del escenario (HTTP ${response.status})`);
  return response.body as CoverageReport;
}

/**
 * What a scenario's own worlds did: each of its tenants' coverage, added up with what its world
 * restores took back (`rewound`), never the rest of the serve's. A tenant the file deleted itself
 * has nothing left to count.
 */
export async function coverageOfTenants(baseUrl: string, headers: Record<string, string>, tenantIds: string[],
  rewound: readonly CoverageReport[] = []): Promise<CoverageReport> {
  const reports: CoverageReport[] = [...rewound];
  for (const id of tenantIds) {
    const report = await coverageOfWorld(baseUrl, headers, id).catch((err) => {
      throw err instanceof StepError ? new CliError(err.message) : err;
    });
    if (report !== null) reports.push(report);
  }
  // A world the file deleted leaves only its restores' differences, which alone may be below 0.
  return atLeastZero(mergeReports(reports));
}

/**
 * What a world restore took back of the world's counts (`before` less `after`, per transition): the
 * transitions the file's steps made since the snapshot, which its run still counts. Signed: a restore
 * of a later snapshot brings counts back that an earlier restore took, and they must not count twice.
 */
export function takenBack(before: CoverageReport, after: CoverageReport): CoverageReport {
  const left = new Map(after.transitions.map((t) => [transitionKey(t.machine, t.from, t.to), t.count]));
  return { ...before, transitions: before.transitions.map((t) => ({ ...t, count: t.count - (left.get(transitionKey(t.machine, t.from, t.to)) ?? 0) })) };
}

const atLeastZero = (report: CoverageReport): CoverageReport =>
  mergeReports([{ ...report, transitions: report.transitions.map((t) => ({ ...t, count: Math.max(0, t.count) })) }]);

/** `--min-coverage P`: a percentage from 0 to 100. */
export function parseMinCoverage(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new CliError(`--min-coverage debe ser un porcentaje de 0 a 100 (recibido: ${text})`);
  }
  return value;
}

/** Why the run falls short of `--min-coverage`, or null when it does not. */
export function belowMinimum(report: CoverageReport, min: number | null): string | null {
  if (min === null || coveragePercent(report) >= min) return null;
  return `la cobertura de transiciones es ${coveragePercentText(report)} (${report.covered} de ${report.total}), por debajo del mínimo de ${min}%`;
}
