/**
 * One table: each figure beside a baseline measured in the same run on the same machine, their
 * ratio, and the goal where the issue sets one. Absolute numbers on a shared 2-core machine move
 * from run to run; the ratio and the min–max are what to compare between runs.
 */
import type { Stat } from './load.ts';

export interface Row {
  name: string;
  unit: string;
  /** null: the figure could not be measured here (the note says why). */
  value: Stat | null;
  /** Latency of HTTP figures, ms, and the server's CPU µs per request (medians over the runs). */
  latency?: { p50: Stat; p99: Stat; cpuUs: Stat };
  baselineName?: string;
  baseline?: Stat | null;
  /**
   * value ÷ baseline run by run, when both were measured in the same rounds (load.ts pairedRatio);
   * without it the ratio is that of the two medians.
   */
  ratio?: Stat;
  /**
   * Bounds on the ratio (value ÷ baseline) that the issue sets as a goal, or on the value's median
   * itself (`valueMax`, e.g. a reset in at most 50 ms); none: shown, not judged.
   */
  goal?: { text: string; min?: number; max?: number; valueMax?: number };
  note?: string;
}

export interface Report {
  meta: Record<string, unknown>;
  rows: Row[];
}

const fmt = (n: number) =>
  !Number.isFinite(n) ? 'n/a' : Math.abs(n) >= 1000 ? Math.round(n).toLocaleString('en-US') : Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

function cell(s: Stat | null | undefined): string {
  if (!s) return 'n/a';
  return s.min === s.max ? fmt(s.median) : `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})`;
}

/** value ÷ baseline: the median of the paired ratios, or else the ratio of the medians. */
export function ratioOf(row: Row): number | null {
  if (row.ratio) return Number.isFinite(row.ratio.median) ? row.ratio.median : null;
  if (!row.value || !row.baseline || !Number.isFinite(row.value.median) || !Number.isFinite(row.baseline.median)) return null;
  return row.baseline.median === 0 ? null : row.value.median / row.baseline.median;
}

/** A goal without bounds is shown, not judged (run.ts, --quick). */
const judged = (goal: Row['goal']): goal is NonNullable<Row['goal']> =>
  goal !== undefined && (goal.min !== undefined || goal.max !== undefined || goal.valueMax !== undefined);

/** null when there is nothing to judge: no goal, no ratio, or a goal without bounds. */
export function goalMet(row: Row): boolean | null {
  if (!judged(row.goal)) return null;
  if (row.goal.valueMax !== undefined) return row.value ? row.value.median <= row.goal.valueMax : null;
  const r = ratioOf(row);
  if (r === null) return null;
  return r >= (row.goal.min ?? -Infinity) && r <= (row.goal.max ?? Infinity);
}

export function renderTable(report: Report): string {
  const header = ['figure', 'median (min–max)', 'p50 / p99 ms · CPU µs/req', 'baseline, same run: median (min–max)', 'ratio', 'goal'];
  const lines = report.rows.map((row) => {
    const r = ratioOf(row);
    const met = goalMet(row);
    const goal = row.goal ? `${!judged(row.goal) ? '–' : met === null ? '?' : met ? '✓' : '✗'} ${row.goal.text}` : '';
    const note = row.note ? ` (${row.note})` : '';
    const value = row.value ? `${cell(row.value)} ${row.unit}${note}` : `n/a${note}`;
    const l = row.latency;
    const latency = l ? `${fmt(l.p50.median)} / ${fmt(l.p99.median)} · ${fmt(l.cpuUs.median)}` : '';
    const base = row.baselineName ? `${row.baselineName}: ${cell(row.baseline)}${row.baseline ? ` ${row.unit}` : ''}` : '';
    // Three decimals where a goal is judged, so that 0.798× does not read as 0.80× beside a ✗.
    const digits = row.goal ? 3 : 2;
    const spread = row.ratio && row.ratio.min !== row.ratio.max ? ` (${row.ratio.min.toFixed(digits)}–${row.ratio.max.toFixed(digits)})` : '';
    return [row.name, value, latency, base, r === null ? '' : `${r.toFixed(digits)}×${spread}`, goal];
  });
  const rows = [header, header.map(() => '---'), ...lines];
  return rows.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function renderMeta(meta: Record<string, unknown>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}
