import { coveragePercent, coveragePercentText, mergeReports, type CoverageReport } from '../../server/coverage/report.ts';
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
 * What a scenario's own worlds did: each of its tenants' coverage added up, never the rest of the
 * serve's (a world restore keeps its world's counts). A tenant the file deleted itself has nothing
 * left to count.
 */
export async function coverageOfTenants(baseUrl: string, headers: Record<string, string>, tenantIds: string[]): Promise<CoverageReport> {
  const reports: CoverageReport[] = [];
  for (const id of tenantIds) {
    const report = await coverageOfWorld(baseUrl, headers, id).catch((err) => {
      throw err instanceof StepError ? new CliError(err.message) : err;
    });
    if (report !== null) reports.push(report);
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
