import { coveragePercentText, type CoverageReport, type TransitionCount } from '../../server/coverage/report.ts';
import { callTestbed } from '../environment.ts';
import { print, type OutputOptions } from '../output.ts';
import { table } from '../lib/table.ts';

/** `—` is "no state yet" (an assignment being created, a card never reviewed). */
const transition = (t: TransitionCount) => `${t.from ?? '—'} → ${t.to}`;

export const coverageLine = (report: CoverageReport, of: string) =>
  `Cobertura de transiciones ${of}: ${report.covered} de ${report.total} (${coveragePercentText(report)})`;

/** The declared transitions with count 0 (the first `limit` of them), or a line saying there are none. */
export function neverSeen(report: CoverageReport, limit = Infinity): string {
  const missing = report.transitions.filter((t) => t.count === 0);
  if (missing.length === 0) return 'Todas las transiciones declaradas ocurrieron.';
  const shown = missing.slice(0, limit);
  const rows = table(['MÁQUINA', 'TRANSICIÓN'], shown.map((t) => [t.machine, transition(t)])).split('\n');
  const more = missing.length > shown.length ? [`  … y ${missing.length - shown.length} más (la lista entera: --coverage-out FILE o --json)`] : [];
  return [`Nunca vistas (${missing.length}):`, ...rows.map((line) => `  ${line}`), ...more].join('\n');
}

/** The human form of `fleet-sim coverage`: the summary, every transition with its count, the ones never seen. */
export function describeCoverage(report: CoverageReport, of: string): string {
  const rows = report.transitions.map((t) => [t.machine, transition(t), String(t.count)]);
  return [coverageLine(report, of), table(['MÁQUINA', 'TRANSICIÓN', 'VECES'], rows), neverSeen(report)].join('\n\n');
}

export async function showCoverage(opts: OutputOptions & { tenant?: string }): Promise<void> {
  const query = opts.tenant === undefined ? '' : `?tenant=${encodeURIComponent(opts.tenant)}`;
  const report = await callTestbed<CoverageReport>(`/coverage${query}`);
  print(opts, report, describeCoverage(report, opts.tenant === undefined ? 'de todos los mundos' : `del tenant ${opts.tenant}`));
}
