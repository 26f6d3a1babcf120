import type { Db } from '../db/open.ts';
import type { Logger } from '../lib/logger.ts';
import { DECLARED, transitionKey, type Machine } from './machines.ts';

const declared = new Set(DECLARED.map((t) => transitionKey(t.machine, t.from, t.to)));

/**
 * Counts state transitions per tenant: one prepared upsert, run by the writer of the change inside
 * its own transaction, so a count exists exactly when the change does (a rollback takes both).
 */
export function createTransitionRecorder(db: Db, logger: Logger) {
  const bump = db.prepare(`INSERT INTO transition_counts (tenant_id, machine, from_state, to_state, count) VALUES (?, ?, ?, ?, 1)
    ON CONFLICT (tenant_id, machine, from_state, to_state) DO UPDATE SET count = count + 1`);

  return {
    /** A write that leaves the state as it was is no transition. `to` null (a state cleared) is none either. */
    record(tenantId: string, machine: Machine, from: string | null, to: string | null): void {
      if (from === to || to === null) return;
      if (!declared.has(transitionKey(machine, from, to))) {
        // A gap in machines.ts, not the caller's fault: the change itself goes on.
        logger.warn('transition not declared in server/coverage/machines.ts', { tenantId, machine, from, to });
        return;
      }
      bump.run(tenantId, machine, from ?? '', to);
    },
  };
}

export type TransitionRecorder = ReturnType<typeof createTransitionRecorder>;
