import { callTestbed } from '../environment.ts';
import { CliError } from '../output.ts';
import type { ScenarioRun } from './runner.ts';

export interface WorldsLeft {
  /** Worlds of the files that passed, deleted from the running serve. */
  deleted: string[];
  /** Worlds kept to be looked at: those of the files that failed (all of them with --keep-worlds). */
  kept: { file: string; tenantIds: string[] }[];
  /** Worlds that could not be deleted, with the serve's reason. */
  notDeleted: { tenantId: string; reason: string }[];
}

/**
 * After a run on a running serve, worlds do not pile up (issue 35): each passing file's tenants are
 * deleted (`DELETE /_testbed/tenants/{id}`), a failing file's are kept and named, so the failure can
 * be looked at in its world; `keepAll` (--keep-worlds) keeps every one.
 */
export async function cleanUpWorlds(runs: ScenarioRun[], keepAll: boolean): Promise<WorldsLeft> {
  const left: WorldsLeft = { deleted: [], kept: [], notDeleted: [] };
  for (const run of runs) {
    const tenantIds = run.transcript.tenants.map((t) => t.id);
    if (keepAll || !run.transcript.ok) {
      left.kept.push({ file: run.transcript.file, tenantIds });
      continue;
    }
    for (const tenantId of tenantIds) {
      try {
        await callTestbed(`/tenants/${tenantId}`, { method: 'DELETE' });
        left.deleted.push(tenantId);
      } catch (err) {
        if (!(err instanceof CliError)) throw err;
        left.notDeleted.push({ tenantId, reason: err.message });
      }
    }
  }
  return left;
}

/** The human lines: which worlds were kept (to look at) and which could not be deleted. */
export function worldsReport(left: WorldsLeft): string {
  const lines = left.kept
    .filter((k) => k.tenantIds.length > 0)
    .map((k) => `mundos conservados de ${k.file}: ${k.tenantIds.join(', ')}`);
  for (const n of left.notDeleted) lines.push(`no se pudo borrar el mundo ${n.tenantId}: ${n.reason}`);
  const n = left.deleted.length;
  if (n > 0) lines.push(n === 1 ? '1 mundo de escenarios aprobados borrado' : `${n} mundos de escenarios aprobados borrados`);
  return lines.join('\n');
}
