/**
 * HTTP load from a separate process (bench/load-worker.mjs), so autocannon never shares the event
 * loop of the bench or of the server it measures. Several short runs per target, interleaved;
 * what is reported is the median and the min–max of those runs, never one lucky run.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** 'vehicle': a POST /v1/vehicles body with a plate of its own per request. */
  template?: 'vehicle';
  platePrefix?: string;
  /** The server's pid, to measure its CPU time per request. */
  pid?: number;
}

export interface LoadPlan {
  runs: number;
  seconds: number;
  warmupSeconds: number;
  /** An unmeasured run on the same target before each measured one (load-worker.mjs says why). */
  settleSeconds: number;
  connections: number;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  bad: number;
  cpuUs: number;
}

export interface Stat {
  median: number;
  min: number;
  max: number;
}

export interface LoadResult {
  rps: Stat;
  p50: Stat;
  p99: Stat;
  /** CPU µs of the server's main thread per request. */
  cpuUs: Stat;
  requests: number;
  /** non-2xx answers, socket errors and timeouts: a figure built on errors is not a figure. */
  bad: number;
  /** Requests per second of each run, in run order: run i of every target of a pass is one round. */
  rpsByRun: number[];
  /** CPU µs per request of each run, in the same order. */
  cpuUsByRun: number[];
}

export function stat(values: number[]): Stat {
  const sorted = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/**
 * a ÷ b round by round, for two targets of the same pass: the two runs of a round are seconds
 * apart, so what the machine was doing then weighs on both, and the median of these ratios moves
 * less than the ratio of the two medians, whose runs may come from the machine's calm and busy spells.
 */
export function pairedRatio(a: LoadResult, b: LoadResult, by: 'rpsByRun' | 'cpuUsByRun' = 'rpsByRun'): Stat {
  return stat(a[by].map((value, i) => value / b[by][i]));
}

/** Runs every target `plan.runs` times, interleaved, in one child process. */
export function runLoad(targets: Target[], plan: LoadPlan): Promise<Record<string, LoadResult>> {
  const arg = JSON.stringify({ ...plan, targets });
  // Twice the nominal time: on a swamped machine each run's start and end take seconds of their own.
  const budgetMs = Math.ceil((2 * targets.length * (plan.runs * (plan.seconds + plan.settleSeconds) + plan.warmupSeconds) + 60) * 1000);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [WORKER, arg], { timeout: budgetMs, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`load worker failed${err.killed ? ` (killed after ${budgetMs} ms)` : ''}: ${stderr || err.message}`));
      const raw = JSON.parse(stdout) as Record<string, Run[]>;
      const out: Record<string, LoadResult> = {};
      for (const [name, runs] of Object.entries(raw)) {
        out[name] = {
          rps: stat(runs.map((r) => r.rps)),
          p50: stat(runs.map((r) => r.p50)),
          p99: stat(runs.map((r) => r.p99)),
          cpuUs: stat(runs.map((r) => r.cpuUs)),
          requests: runs.reduce((s, r) => s + r.total, 0),
          bad: runs.reduce((s, r) => s + r.bad, 0),
          rpsByRun: runs.map((r) => r.rps),
          cpuUsByRun: runs.map((r) => r.cpuUs),
        };
      }
      resolve(out);
    });
  });
}
