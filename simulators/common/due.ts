import { changeStamp } from '../../server/db/change-stamp.ts';
import type { SimDb } from '../db.ts';
import type { FleetTime } from './fleet-clocks.ts';
import { createFleetDueStore } from './fleet-due.ts';
import { createTally } from '../../server/lib/tally.ts';

/**
 * Simulated work that falls due with time (a review ending, a driver answering, rides being
 * produced). Each fleet is a world with its own now (`time.of(fleetId)`): a task does in each fleet
 * it visits (`time.fleets`) what is due by that fleet's now, and stamps it with the time it fell
 * due, not with the now, so running late (the next request comes hours of simulated time after)
 * changes nothing. `nextDueMs` tells, after a run, when the task next has work in a fleet (in that
 * fleet's time; null: none with time alone), which is what lets a run visit only the fleets due.
 */
export interface DueTask {
  run(time: FleetTime): void;
  nextDueMs(fleetId: string, fleetNowMs: number): number | null;
}

/** Fleets visited per transaction: a service-wide catch-up over many worlds is done in bounded batches. */
export const DUE_BATCH_FLEETS = 100;

/**
 * The fleets due by the service instant (fleet-due.ts: an index range, never a scan of every
 * fleet), in batches of DUE_BATCH_FLEETS, each batch's tasks in one transaction, in list order: a
 * later task sees what an earlier one made due. Then each visited fleet's next due instant is stored.
 * Called with the service time; `timeAt` gives each fleet's now at that instant.
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
  /**
   * The same run, yielding to the event loop between batches, for a clock move's long catch-up:
   * the health probe and other requests are answered meanwhile.
   */
  settle(nowMs: number): Promise<void>;
  /**
   * The fleet's due work waits until `release` (which runs it): a fixture builds a world nobody can
   * see yet, and a run after each of its hundreds of writes re-read every active vehicle's days.
   */
  hold(fleetId: string): void;
  release(fleetId: string): void;
  /** Every hold on the fleet gone at once: a fleet deleted is never held again by what held it. */
  forget(fleetId: string): void;
}

export function createDueRunner(db: SimDb, timeAt: (serviceMs: number, fleets: readonly string[]) => FleetTime, tasks: DueTask[]): DueRunner {
  const due = createFleetDueStore(db);
  const nextDue = (fleetId: string, nowMs: number) =>
    tasks.reduce<number | null>((next, task) => {
      const at = task.nextDueMs(fleetId, nowMs);
      return at === null ? next : Math.min(next ?? at, at);
    }, null);
  // Two holders at once (a deletion asked again while the first still slices its ride days) each
  // release their own hold, and the fleet stays held until the last.
  const held = createTally<string>();
  // A held fleet stays due (and first in line): asking for as many more keeps a batch full.
  const dueBy = (nowMs: number) => held.size === 0
    ? due.dueBy(nowMs, DUE_BATCH_FLEETS)
    : due.dueBy(nowMs, DUE_BATCH_FLEETS + held.size).filter((f) => !held.has(f)).slice(0, DUE_BATCH_FLEETS);
  /** One batch; false when no fleet was due. */
  const runBatch = db.transaction((nowMs: number): boolean => {
    const fleets = dueBy(nowMs);
    if (fleets.length === 0) return false;
    const time = timeAt(nowMs, fleets);
    for (const task of tasks) task.run(time);
    for (const fleetId of fleets) {
      const fleetNowMs = time.of(fleetId);
      const next = nextDue(fleetId, fleetNowMs);
      // Never due again at this very instant, or a fleet whose work waits on another would be visited forever.
      due.setNext(fleetId, next === null ? null : nowMs + Math.max(1, next - fleetNowMs));
    }
    return true;
  });
  // Asked first, outside a transaction: most runs find no fleet due but a held one (a fixture's
  // hundreds of writes each mark its fleet due), and a transaction opened to find that out took the
  // write lock and committed, before and after each write. Nothing can run between the two reads.
  const runAll = (nowMs: number) => {
    while (dueBy(nowMs).length > 0 && runBatch(nowMs));
  };
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
  async function settle(nowMs: number): Promise<void> {
    if (stamp(nowMs) === settled) return;
    settled = null;
    while (dueBy(nowMs).length > 0 && runBatch(nowMs)) await new Promise<void>((resolve) => setImmediate(resolve));
    settled = stamp(nowMs);
  }
  return Object.assign(run, {
    settle,
    hold: (fleetId: string) => held.add(fleetId),
    // Let go by the last holder: the last run skipped it, and a run at the same instant with no write
    // since must not count as done.
    release(fleetId: string): void {
      if (held.remove(fleetId)) settled = null;
    },
    forget(fleetId: string): void {
      if (held.clear(fleetId)) settled = null;
    },
    writeWithoutDue<T>(nowMs: number, write: () => T): T {
      const wasSettled = !db.inTransaction && stamp(nowMs) === settled;
      const result = write();
      if (wasSettled) settled = stamp(nowMs);
      return result;
    },
  });
}
