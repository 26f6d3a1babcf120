import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import type { TransitionRecording } from '../coverage/service.ts';

export type JobKind = 'vehicle_registrations' | 'driver_invitations';
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface JobRow {
  id: string;
  tenant_id: string;
  kind: JobKind;
  platform: Platform;
  status: JobStatus;
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export interface JobItemRow {
  job_id: string;
  position: number;
  subject_id: string;
  plate: string | null;
  state: 'queued' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: number;
  message: string | null;
  finished_at: string | null;
}

/** A queued item with what the worker needs to run it. */
export interface DueItem {
  job_id: string;
  position: number;
  subject_id: string;
  attempts: number;
  tenant_id: string;
  kind: JobKind;
  platform: Platform;
}

/** A job as the worker knows it while running one of its items. */
export type JobRef = Pick<DueItem, 'job_id' | 'tenant_id'>;

export interface NewJob {
  id: string;
  tenantId: string;
  kind: JobKind;
  platform: Platform;
  createdAt: string;
  items: { subjectId: string; plate: string | null }[];
}

export interface Eligible {
  id: string;
  plate: string | null;
}

const OPEN = `j.status IN ('pending', 'running')`;

/** Ids of the batch that another open job of the same kind and platform still has queued. */
const NOT_QUEUED_ELSEWHERE = (kind: JobKind, idColumn: string) => `NOT EXISTS (SELECT 1 FROM job_items i JOIN jobs j ON j.id = i.job_id
  WHERE i.subject_id = ${idColumn} AND i.state = 'queued' AND j.kind = '${kind}' AND j.platform = @platform AND ${OPEN})`;

/** `coverage` counts the jobs' status transitions, in the transaction of each. */
export function createJobStore(db: Db, coverage: Pick<TransitionRecording, 'record'>) {
  const insertJob = db.prepare(`INSERT INTO jobs (id, tenant_id, kind, platform, status, total, created_at)
    VALUES (?, ?, ?, ?, 'pending', ?, ?)`);
  const insertItem = db.prepare(`INSERT INTO job_items (job_id, position, subject_id, plate, state) VALUES (?, ?, ?, ?, 'queued')`);
  const getJob = db.prepare('SELECT * FROM jobs WHERE id = ?');
  const results = db.prepare(`SELECT * FROM job_items WHERE job_id = ? AND state <> 'queued' ORDER BY position`);
  const recent = db.prepare('SELECT * FROM jobs WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?');
  // Job by job, oldest first, so each lookup walks the job_items_queue index in order without a sort.
  const openJobs = db.prepare(`SELECT id, tenant_id FROM jobs j WHERE j.platform = ? AND ${OPEN} ORDER BY j.rowid`);
  const due = db.prepare(`SELECT i.job_id, i.position, i.subject_id, i.attempts, j.tenant_id, j.kind, j.platform
    FROM job_items i JOIN jobs j ON j.id = i.job_id
    WHERE i.job_id = ? AND i.state = 'queued' AND i.next_attempt_at <= ? ORDER BY i.position LIMIT ?`);
  const nextAttempt = db.prepare(`SELECT MIN(i.next_attempt_at) AS at FROM job_items i JOIN jobs j ON j.id = i.job_id
    WHERE i.state = 'queued' AND ${OPEN} AND j.tenant_id NOT IN (SELECT value FROM json_each(@held))`);
  // A world's (or any world's, with NULL) queued item of an open job: what an advance of its clock waits for.
  const anyQueued = db.prepare(`SELECT 1 FROM job_items i JOIN jobs j ON j.id = i.job_id
    WHERE i.state = 'queued' AND ${OPEN} AND (@tenant IS NULL OR j.tenant_id = @tenant) LIMIT 1`).pluck();
  const markRunning = db.prepare(`UPDATE jobs SET status = 'running', started_at = ? WHERE id = ? AND status = 'pending'`);
  // `state = 'queued'` makes recording an outcome idempotent: a second recording changes nothing.
  const finishItem = db.prepare(`UPDATE job_items SET state = ?, attempts = attempts + 1, message = ?, finished_at = ?
    WHERE job_id = ? AND position = ? AND state = 'queued'`);
  const count = db.prepare(`UPDATE jobs SET processed = processed + 1, succeeded = succeeded + ?, failed = failed + ? WHERE id = ?`);
  const completeIfDone = db.prepare(`UPDATE jobs SET status = 'completed', completed_at = ?
    WHERE id = ? AND processed = total AND status IN ('pending', 'running')`);
  const retryLater = db.prepare(`UPDATE job_items SET attempts = attempts + 1, next_attempt_at = ?, message = ?
    WHERE job_id = ? AND position = ? AND state = 'queued'`);
  const failJob = db.prepare(`UPDATE jobs SET status = 'failed', error = ?, completed_at = ? WHERE id = ? AND status IN ('pending', 'running')`);
  // json_each keeps one prepared statement for any batch size (1..500 ids).
  const eligibleVehicles = db.prepare(`SELECT v.id, v.plate FROM vehicles v
    JOIN vehicle_registrations r ON r.vehicle_id = v.id AND r.platform = @platform
    WHERE v.id IN (SELECT value FROM json_each(@ids)) AND v.tenant_id = @tenantId
      -- none and removed are the states registration starts from; the others are already on the platform.
      AND r.status IN ('none', 'removed') AND ${NOT_QUEUED_ELSEWHERE('vehicle_registrations', 'v.id')}`);
  const eligibleDrivers = db.prepare(`SELECT d.id, NULL AS plate FROM drivers d
    JOIN driver_invitations inv ON inv.driver_id = d.id AND inv.platform = @platform
    WHERE d.id IN (SELECT value FROM json_each(@ids)) AND d.tenant_id = @tenantId
      AND inv.status = 'none' AND ${NOT_QUEUED_ELSEWHERE('driver_invitations', 'd.id')}`);

  const createJob = db.transaction((job: NewJob) => {
    insertJob.run(job.id, job.tenantId, job.kind, job.platform, job.items.length, job.createdAt);
    job.items.forEach((item, position) => insertItem.run(job.id, position, item.subjectId, item.plate));
  });

  /** The item's outcome, the job's counters and its completion: one transaction, all or nothing. */
  const finish = db.transaction((item: DueItem, ok: boolean, message: string | null, at: string): boolean => {
    if (finishItem.run(ok ? 'done' : 'failed', message, at, item.job_id, item.position).changes !== 1) return false;
    count.run(ok ? 1 : 0, ok ? 0 : 1, item.job_id);
    if (completeIfDone.run(at, item.job_id).changes === 1) coverage.record(item.tenant_id, 'job', 'running', 'completed');
    return true;
  });

  const start = db.transaction((item: JobRef, at: string) => {
    if (markRunning.run(at, item.job_id).changes === 1) coverage.record(item.tenant_id, 'job', 'pending', 'running');
  });

  const fail = db.transaction((item: JobRef, error: string, at: string) => {
    const before = (getJob.get(item.job_id) as JobRow | undefined)?.status ?? null;
    if (failJob.run(error, at, item.job_id).changes === 1) coverage.record(item.tenant_id, 'job', before, 'failed');
  });

  return {
    createJob: (job: NewJob) => createJob(job),
    getJob: (id: string) => getJob.get(id) as JobRow | undefined,
    results: (jobId: string) => results.all(jobId) as JobItemRow[],
    /** A tenant's newest jobs (the dashboard's list; the API reads a job by its id only). */
    recent: (tenantId: string, limit: number) => recent.all(tenantId, limit) as JobRow[],
    /**
     * Up to `limit` queued items of the platform's open jobs whose backoff is over, oldest job first:
     * at most `perWorld` of one world's (so that other worlds' are seen too), none of a `held` world's.
     */
    dueItems(platform: Platform, nowMs: number, limit: number, perWorld = limit, held: { has(tenantId: string): boolean } = new Set()): DueItem[] {
      const found: DueItem[] = [];
      const taken = new Map<string, number>();
      for (const job of openJobs.all(platform) as { id: string; tenant_id: string }[]) {
        if (found.length >= limit) break;
        const room = Math.min(perWorld - (taken.get(job.tenant_id) ?? 0), limit - found.length);
        if (room <= 0 || held.has(job.tenant_id)) continue;
        const items = due.all(job.id, nowMs, room) as DueItem[];
        taken.set(job.tenant_id, (taken.get(job.tenant_id) ?? 0) + items.length);
        found.push(...items);
      }
      return found;
    },
    /** Real ms of the earliest queued item of an open job (but those of the `held` worlds), or null when nothing is queued. */
    nextAttemptAt: (held: readonly string[] = []) => (nextAttempt.get({ held: JSON.stringify(held) }) as { at: number | null }).at,
    /** Whether the world (every world: undefined) has an item still queued in an open job. */
    hasQueued: (tenantId?: string) => anyQueued.get({ tenant: tenantId ?? null }) !== undefined,
    markRunning: (item: JobRef, at: string) => start(item, at),
    finish: (item: DueItem, ok: boolean, message: string | null, at: string) => finish(item, ok, message, at),
    retryLater: (item: DueItem, atMs: number, message: string) => void retryLater.run(atMs, message, item.job_id, item.position),
    failJob: (item: JobRef, error: string, at: string) => fail(item, error, at),
    eligible(kind: JobKind, tenantId: string, platform: Platform, ids: string[]): Eligible[] {
      const stmt = kind === 'vehicle_registrations' ? eligibleVehicles : eligibleDrivers;
      return stmt.all({ ids: JSON.stringify(ids), tenantId, platform }) as Eligible[];
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
