import { coveragePercent, coveragePercentText, mergeReports, type CoverageReport } from '../../server/coverage/report.ts';
import { CliError } from '../output.ts';
import { send, StepError } from './http.ts';

/**
 * What a scenario's own worlds did: each of its tenants' coverage, added up, never the rest of the
 * serve's. A tenant the file deleted itself has nothing left to count.
 */
export async function coverageOfTenants(baseUrl: string, headers: Record<string, string>, tenantIds: string[]): Promise<CoverageReport> {
  const reports: CoverageReport[] = [];
  for (const id of tenantIds) {
    const url = `${baseUrl}/_testbed/coverage?tenant=${encodeURIComponent(id)}`;
    const response = await send(url, { method: 'GET', headers }).catch((err) => {
      throw err instanceof StepError ? new CliError(err.message) : err;
    });
    if (response.status === 404) continue;
    if (response.status !== 200) throw new CliError(`no se pudo leer la cobertura de transiciones del escenario (HTTP ${response.status})`);
    reports.push(response.body as CoverageReport);
  }
  return mergeReports(reports);
}

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
