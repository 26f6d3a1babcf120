import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import type { AssignmentRow } from '../assignments/store.ts';
import type { BindingState } from '../assignments/platform-sync.ts';
import { cachedPrepare } from '../db/statements.ts';

export interface BindingRow {
  assignment_id: string;
  platform: Platform;
  state: BindingState;
  /** Platform calls made for this binding (binds and unbinds), outages included. */
  attempts: number;
  last_error: string | null;
  updated_at: string;
}

interface JoinedBinding {
  b_platform: Platform;
  b_state: BindingState;
  b_attempts: number;
  b_last_error: string | null;
  b_updated_at: string;
}

export function createBindingStore(db: Db) {
  const get = db.prepare('SELECT * FROM assignment_bindings WHERE assignment_id = ? AND platform = ?');
  const upsert = db.prepare(`INSERT INTO assignment_bindings (assignment_id, platform, state, attempts, last_error, updated_at)
    VALUES (@assignment_id, @platform, @state, @attempts, @last_error, @updated_at)
    ON CONFLICT (assignment_id, platform) DO UPDATE SET state = excluded.state, attempts = excluded.attempts,
    last_error = excluded.last_error, updated_at = excluded.updated_at`);
  const assignment = db.prepare('SELECT * FROM assignments WHERE id = ?');
  // Settled = nothing left to do while the assignment stays active; the rest may still need a bind.
  const unsettled = db.prepare(`SELECT a.* FROM assignments a WHERE a.status = 'active' AND
    (SELECT COUNT(*) FROM assignment_bindings b WHERE b.assignment_id = a.id AND b.state IN ('synced', 'failed')) < 2
    ORDER BY a.created_at, a.id`);
  const toRelease = db.prepare(`SELECT a.* FROM assignments a WHERE a.status = 'ended' AND EXISTS
    (SELECT 1 FROM assignment_bindings b WHERE b.assignment_id = a.id AND b.state = 'unbinding') ORDER BY a.ended_at, a.id`);
  // One world's (an advance of its clock): its own assignments only.
  const unsettledOf = db.prepare(`SELECT a.* FROM assignments a WHERE a.tenant_id = ? AND a.status = 'active' AND
    (SELECT COUNT(*) FROM assignment_bindings b WHERE b.assignment_id = a.id AND b.state IN ('synced', 'failed')) < 2
    ORDER BY a.created_at, a.id`);
  const toReleaseOf = db.prepare(`SELECT a.* FROM assignments a WHERE a.tenant_id = ? AND a.status = 'ended' AND EXISTS
    (SELECT 1 FROM assignment_bindings b WHERE b.assignment_id = a.id AND b.state = 'unbinding') ORDER BY a.ended_at, a.id`);
  const syncedOn = db.prepare(`SELECT a.*, b.platform AS b_platform, b.state AS b_state, b.attempts AS b_attempts,
    b.last_error AS b_last_error, b.updated_at AS b_updated_at FROM assignments a JOIN assignment_bindings b ON b.assignment_id = a.id
    WHERE a.status = 'active' AND b.platform = ? AND b.state = 'synced' ORDER BY a.created_at, a.id`);
  const activePairs = db.prepare(`SELECT vehicle_id, driver_id FROM assignments WHERE status = 'active'`);
  const owed = db.prepare(`SELECT a.vehicle_id, a.driver_id FROM assignments a JOIN assignment_bindings b ON b.assignment_id = a.id
    WHERE a.status = 'ended' AND b.platform = ? AND b.state = 'unbinding'`);
  // One world's (its own reconciliation): the same rows of that tenant's assignments.
  const syncedOnOf = db.prepare(`SELECT a.*, b.platform AS b_platform, b.state AS b_state, b.attempts AS b_attempts,
    b.last_error AS b_last_error, b.updated_at AS b_updated_at FROM assignments a JOIN assignment_bindings b ON b.assignment_id = a.id
    WHERE a.tenant_id = ? AND a.status = 'active' AND b.platform = ? AND b.state = 'synced' ORDER BY a.created_at, a.id`);
  const activePairsOf = db.prepare(`SELECT vehicle_id, driver_id FROM assignments WHERE tenant_id = ? AND status = 'active'`);
  const owedOf = db.prepare(`SELECT a.vehicle_id, a.driver_id FROM assignments a JOIN assignment_bindings b ON b.assignment_id = a.id
    WHERE a.tenant_id = ? AND a.status = 'ended' AND b.platform = ? AND b.state = 'unbinding'`);
  const pairActive = db.prepare(`SELECT 1 FROM assignments WHERE status = 'active' AND vehicle_id = ? AND driver_id = ?`).pluck();
  const dropDriver = db.prepare(`UPDATE assignment_bindings SET state = 'awaiting', updated_at = ? WHERE platform = ? AND state = 'synced'
    AND assignment_id IN (SELECT id FROM assignments WHERE driver_id = ? AND status = 'active')`);

  return {
    get: (assignmentId: string, platform: Platform) => get.get(assignmentId, platform) as BindingRow | undefined,
    save: (row: BindingRow) => void upsert.run(row),
    assignment: (id: string) => assignment.get(id) as AssignmentRow | undefined,
    forAssignments(ids: string[]): Map<string, BindingRow[]> {
      const out = new Map<string, BindingRow[]>();
      if (ids.length === 0) return out;
      const sql = `SELECT * FROM assignment_bindings WHERE assignment_id IN (${ids.map(() => '?').join(',')}) ORDER BY platform`;
      for (const row of cachedPrepare(db, sql).all(...ids) as BindingRow[]) {
        out.set(row.assignment_id, [...(out.get(row.assignment_id) ?? []), row]);
      }
      return out;
    },
    /** Active assignments that may still owe a bind somewhere; readiness is decided in code, in one place. */
    activeUnsettled: (tenantId?: string) => (tenantId === undefined ? unsettled.all() : unsettledOf.all(tenantId)) as AssignmentRow[],
    /** Ended assignments with an unbind the platform has not confirmed yet. */
    endedWithUnbinds: (tenantId?: string) => (tenantId === undefined ? toRelease.all() : toReleaseOf.all(tenantId)) as AssignmentRow[],
    /** Active assignments whose binding on the platform is `synced`, with that row. */
    syncedOn(platform: Platform, tenantId?: string): { assignment: AssignmentRow; binding: BindingRow }[] {
      const rows = tenantId === undefined ? syncedOn.all(platform) : syncedOnOf.all(tenantId, platform);
      return (rows as (AssignmentRow & JoinedBinding)[]).map((r) => {
        const { b_platform, b_state, b_attempts, b_last_error, b_updated_at, ...assignment } = r;
        const binding = { assignment_id: assignment.id, platform: b_platform, state: b_state, attempts: b_attempts, last_error: b_last_error, updated_at: b_updated_at };
        return { assignment, binding };
      });
    },
    activePairs: (tenantId?: string) => (tenantId === undefined ? activePairs.all() : activePairsOf.all(tenantId)) as Pick<AssignmentRow, 'vehicle_id' | 'driver_id'>[],
    /** Pairs of ended assignments whose unbind on the platform is still owed. */
    owedUnbinds: (platform: Platform, tenantId?: string) =>
      (tenantId === undefined ? owed.all(platform) : owedOf.all(tenantId, platform)) as Pick<AssignmentRow, 'vehicle_id' | 'driver_id'>[],
    pairActive: (vehicleId: string, driverId: string) => pairActive.get(vehicleId, driverId) !== undefined,
    /**
     * The platform dropped the driver's binding together with the invitation (platform_a cancels both
     * at once): back to awaiting, to be pushed again once the driver is active there again.
     */
    driverDropped: (driverId: string, platform: Platform, at: string) => void dropDriver.run(at, platform, driverId),
  };
}

export type BindingStore = ReturnType<typeof createBindingStore>;
