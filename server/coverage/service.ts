import type { Deps } from '../deps.ts';
import { WorldNotFound } from '../errors.ts';
import { createPlatformSyncWatch } from './platform-sync-watch.ts';
import { createTransitionRecorder } from './recorder.ts';
import { coverageReport, type CoverageReport } from './report.ts';
import { transitionKey } from './machines.ts';

interface CountRow {
  machine: string;
  from_state: string;
  to_state: string;
  count: number;
}

const DELETED_COUNTS = ' Lo que hizo un mundo borrado sigue contado en la cobertura de todo el testbed (GET /_testbed/coverage sin tenant, o fleet-sim coverage).';

/**
 * Transition coverage (issue 25, docs/coverage.md): the writers of state changes record through
 * `record` and `platformSync`; the control API reads `report`. Counts live in the API database
 * (transition_counts), so restarts, resets and whole snapshots treat them as any data; a world
 * restore keeps them (world-snapshots/world-rows.ts), and a deleted world's go on counting testbed-wide.
 */
export function createCoverageService(deps: Pick<Deps, 'db' | 'logger'>) {
  const recorder = createTransitionRecorder(deps.db, deps.logger);
  // Every world's, the deleted ones' included (migration 013).
  const everywhere = deps.db.prepare(`SELECT machine, from_state, to_state, SUM(count) AS count FROM (
    SELECT machine, from_state, to_state, count FROM transition_counts
    UNION ALL SELECT machine, from_state, to_state, count FROM retired_transition_counts)
    GROUP BY machine, from_state, to_state`);
  const ofTenant = deps.db.prepare('SELECT machine, from_state, to_state, count FROM transition_counts WHERE tenant_id = ?');
  const tenantExists = deps.db.prepare('SELECT 1 FROM tenants WHERE id = ?').pluck();

  /** One tenant's world, or every tenant's added up, deleted ones included. */
  function report(tenantId?: string): CoverageReport {
    // A deleted world's counts are still in the testbed-wide report: the 404 says where.
    if (tenantId !== undefined && tenantExists.get(tenantId) === undefined) throw new WorldNotFound(tenantId, DELETED_COUNTS);
    const rows = (tenantId === undefined ? everywhere.all() : ofTenant.all(tenantId)) as CountRow[];
    return coverageReport(new Map(rows.map((r) => [transitionKey(r.machine, r.from_state, r.to_state), r.count])));
  }

  return { record: recorder.record, platformSync: createPlatformSyncWatch(deps.db, recorder), report };
}

export type CoverageService = ReturnType<typeof createCoverageService>;
/** What a writer of state needs: the service itself, or a stand-in in a test of that writer alone. */
export type TransitionRecording = Pick<CoverageService, 'record' | 'platformSync'>;
