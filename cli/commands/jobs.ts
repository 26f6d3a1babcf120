import cliProgress from 'cli-progress';
import type { Job } from '../../server/jobs/view.ts';
import { callTestbed } from '../environment.ts';
import { CliError, fail, print, type OutputOptions } from '../output.ts';
import { idSegment } from '../lib/control-path.ts';

const ENDED = new Set(['completed', 'failed']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const summary = (job: Pick<Job, 'id' | 'status' | 'processed' | 'total' | 'succeeded' | 'failed'>) =>
  `Lote ${job.id} — estado: ${job.status}; ${job.processed}/${job.total} procesados, ${job.succeeded} correctos, ${job.failed} fallidos`;

/** Each failed item with its reason: a count alone says nothing of what to fix. */
export function failedItems(job: Pick<Job, 'results'>): string[] {
  return job.results
    .filter((r) => !r.ok)
    .map((r) => {
      const what = r.driverId !== undefined ? `conductor ${r.driverId}` : `vehículo ${r.vehicleId}${r.plate ? ` (placa ${r.plate})` : ''}`;
      return `  ${what}: ${r.message ?? 'sin motivo registrado'}`;
    });
}

export function jobReport(job: Job): string {
  const failed = failedItems(job);
  return failed.length ? [summary(job), 'Elementos fallidos:', ...failed].join('\n') : summary(job);
}

/**
 * Polls the running serve's loopback view of the job until it ends. The bar goes to stderr (and only
 * on a terminal), so stdout carries just the final line, or the one JSON document with --json.
 */
async function watch(jobId: string, intervalMs: number): Promise<Job> {
  const path = `/jobs/${idSegment(jobId, 'El lote no existe.')}`;
  let job = await callTestbed<Job>(path);
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Lote [{bar}] {value}/{total} | correctos {succeeded} | fallidos {failed} | {status}' },
    cliProgress.Presets.shades_classic,
  );
  const payload = () => ({ succeeded: job.succeeded, failed: job.failed, status: job.status });
  bar.start(job.total, job.processed, payload());
  try {
    while (!ENDED.has(job.status)) {
      await sleep(intervalMs);
      job = await callTestbed<Job>(path);
      bar.update(job.processed, payload());
    }
  } finally {
    bar.stop();
  }
  return job;
}

export async function watchJob(jobId: string, opts: OutputOptions & { interval: string }): Promise<void> {
  const intervalMs = Number(opts.interval);
  if (!Number.isInteger(intervalMs) || intervalMs < 10) throw new CliError('--interval debe ser un entero ≥ 10 (milisegundos)');
  const job = await watch(jobId, intervalMs);
  print(opts, job, jobReport(job));
  // The job ran but could not finish as a whole: a script should see it in the exit code.
  if (job.status === 'failed') fail(`el lote ${job.id} no pudo ejecutarse — estado: failed`);
}
