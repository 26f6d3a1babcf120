import { changeStamp } from '../../server/db/change-stamp.ts';
import type { SimDb } from '../db.ts';
import type { FleetTime } from './fleet-clocks.ts';

/**
 * Simulated work that falls due with time (a review ending, a driver answering, rides being
 * produced). Each fleet is a world with its own now (`time.of(fleetId)`): a task does in each fleet
 * what is due by that fleet's now, and stamps it with the time it fell due, not with the now, so
 * running late (the next request comes hours of simulated time after) changes nothing.
 */
export type DueTask = (time: FleetTime) => void;

/**
 * All tasks in one transaction, in list order: a later task sees what an earlier one made due.
 * Called with the service time; `timeAt` gives every fleet's now at that instant.
 *
 * The tasks read nothing but the database (the fleets' offsets included) and `nowMs`, so a run at the instant of the last one, on
 * a database nobody has written since, can only find what that run left: nothing due. Such runs are
 * skipped. It matters because the runner goes before every request: with time standing still, a
 * page of rides otherwise re-read every vehicle's latest day and every open day, ~15 ms a request
 * with 500 vehicles (docs/performance.md). "Nobody has written" is the connection's change stamp
 * (server/db/change-stamp.ts). Inside a caller's transaction the run always happens: that
 * transaction may still roll back what it wrote.
 */
export interface DueRunner {
  (nowMs: number): void;
  /**
   * Runs `write`, which its caller vouches can make nothing due at `nowMs` (ride backfill: past
   * days of vehicles a run at this instant has already brought up to today). A run settled at
   * `nowMs` just before stays settled after it; otherwise the write counts like any other.
   */
  writeWithoutDue<T>(nowMs: number, write: () => T): T;
}

export function createDueRunner(db: SimDb, timeAt: (serviceMs: number) => FleetTime, tasks: DueTask[]): DueRunner {
  const runAll = db.transaction((nowMs: number) => {
    const time = timeAt(nowMs);
    for (const task of tasks) task(time);
  });
  const changes = changeStamp(db);
  const stamp = (nowMs: number) => `${nowMs}|${changes()}`;
  let settled: string | null = null;
  const run = (nowMs: number) => {
    if (db.inTransaction) return runAll(nowMs);
    if (stamp(nowMs) === settled) return;
    settled = null;
    runAll(nowMs);
    settled = stamp(nowMs);
  };
  return Object.assign(run, {
    writeWithoutDue<T>(nowMs: number, write: () => T): T {
      const wasSettled = !db.inTransaction && stamp(nowMs) === settled;
      const result = write();
      if (wasSettled) settled = stamp(nowMs);
      return result;
    },
  });
}
