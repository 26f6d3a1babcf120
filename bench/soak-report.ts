/**
 * The soak's report: latency per operation, unexpected answers, and the API's memory read two ways:
 * its trend after warm-up, and its size beside what SQLite's page caches may hold by design.
 */
import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { openDatabase } from '../server/db/open.ts';

export interface MemorySample {
  s: number;
  mb: number;
}

export interface SoakResult {
  mode: 'write' | 'read-only';
  seconds: number;
  concurrency: number;
  latencies: Map<string, number[]>;
  unexpected: Map<string, number>;
  memory: MemorySample[];
  /** API RSS before the timed load started, MB. */
  rssBeforeMb: number;
  errorLogLines: number;
  cache: CacheCeiling;
}

export interface CacheCeiling {
  perConnectionMb: number;
  connections: number;
  /** api.db and its WAL: a cache holds pages read from either, so never more than this. */
  dbFileMb: number;
}

/** The page cache one connection may fill, as server/db/open.ts configures it (negative: KiB). */
function cacheSizeMb(): number {
  const db = openDatabase(':memory:');
  try {
    const size = db.pragma('cache_size', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    return (size < 0 ? -size * 1024 : size * pageSize) / 2 ** 20;
  } finally {
    db.close();
  }
}

/** Connections the API process holds on its database: file descriptors open on api.db itself. */
function openConnections(pid: number, dbFile: string): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`) === dbFile) count++;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

export function cacheCeiling(pid: number, dbFile: string): CacheCeiling {
  const bytes = [dbFile, `${dbFile}-wal`].filter((f) => existsSync(f)).reduce((sum, f) => sum + statSync(f).size, 0);
  return { perConnectionMb: cacheSizeMb(), connections: openConnections(pid, dbFile), dbFileMb: bytes / 2 ** 20 };
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

export function leastSquaresSlope(xs: number[], ys: number[]): number {
  if (xs.length < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

function latencyTable(latencies: Map<string, number[]>): { table: string; total: number } {
  const row = (name: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `| ${name} | ${s.length} | ${[50, 90, 99].map((p) => pct(s, p).toFixed(1)).join(' | ')} | ${(s[s.length - 1] ?? NaN).toFixed(1)} |`;
  };
  const all = [...latencies.values()].flat();
  const lines = ['| operation | requests | p50 ms | p90 ms | p99 ms | max ms |', '| --- | --- | --- | --- | --- | --- |'];
  for (const [name, xs] of latencies) lines.push(row(name, xs));
  lines.push(row('**all**', all));
  return { table: lines.join('\n'), total: all.length };
}

/** The memory lines: growth after warm-up (first 20 % of the run) and the caches' share of the size. */
export function memoryLines(r: Pick<SoakResult, 'memory' | 'seconds' | 'rssBeforeMb' | 'cache'>): string[] {
  const settled = r.memory.filter((m) => m.s >= r.seconds * 0.2 && Number.isFinite(m.mb));
  const slope = leastSquaresSlope(settled.map((m) => m.s), settled.map((m) => m.mb)) * 60;
  const first = settled[0]?.mb ?? NaN;
  const last = settled[settled.length - 1]?.mb ?? NaN;
  const peak = Math.max(...r.memory.map((m) => m.mb));
  const { perConnectionMb, connections, dbFileMb } = r.cache;
  const ceiling = perConnectionMb * connections;
  // A cache holds pages it has read, so it never outgrows the database file either.
  const reachable = Math.min(ceiling, dbFileMb * connections);
  return [
    `API RSS after warm-up ${first.toFixed(0)} MB → end ${last.toFixed(0)} MB; slope after warm-up ${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min; peak ${peak.toFixed(0)} MB`,
    `API RSS growth under load ${(last - r.rssBeforeMb).toFixed(0)} MB (${r.rssBeforeMb.toFixed(0)} → ${last.toFixed(0)} MB) beside the page caches' ceiling ` +
      `${ceiling.toFixed(0)} MB (${perConnectionMb.toFixed(0)} MB × ${connections} connection${connections === 1 ? '' : 's'}; ` +
      `api.db with its WAL is ${dbFileMb.toFixed(0)} MB, so at most ${reachable.toFixed(0)} MB can be cached now)`,
  ];
}

export function printReport(r: SoakResult): void {
  const { table, total } = latencyTable(r.latencies);
  console.log(table);
  console.log(`\n${r.mode} mix: ${total} requests in ${r.seconds} s (${Math.round(total / r.seconds)} req/s, ${r.concurrency} in flight)`);
  console.log(`unexpected answers: ${r.unexpected.size ? [...r.unexpected].map(([k, c]) => `${k} ×${c}`).join('; ') : 'none'}`);
  console.log(`server log lines at level error: ${r.errorLogLines}`);
  for (const line of memoryLines(r)) console.log(line);
}
