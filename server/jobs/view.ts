import type { Platform } from '../common/schemas.ts';
import type { JobItemRow, JobRow, JobStatus } from './store.ts';

export interface JobResult {
  vehicleId?: string;
  driverId?: string;
  plate?: string;
  ok: boolean;
  message: string | null;
}

export interface Job {
  id: string;
  platform: Platform | null;
  status: JobStatus;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  results: JobResult[];
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface BatchAccepted {
  jobId: string | null;
  total: number;
  skipped: string[];
}

function toResult(row: JobRow, item: JobItemRow): JobResult {
  const ok = item.state === 'done';
  const message = ok ? null : item.message;
  if (row.kind === 'driver_invitations') return { driverId: item.subject_id, ok, message };
  return { vehicleId: item.subject_id, ...(item.plate === null ? {} : { plate: item.plate }), ok, message };
}

/** Results hold the items processed so far, in request order; queued ones have no outcome to show yet. */
export const toJob = (row: JobRow, items: JobItemRow[]): Job => ({
  id: row.id,
  platform: row.platform,
  status: row.status,
  total: row.total,
  processed: row.processed,
  succeeded: row.succeeded,
  failed: row.failed,
  results: items.map((item) => toResult(row, item)),
  startedAt: row.started_at,
  completedAt: row.completed_at,
  createdAt: row.created_at,
});
