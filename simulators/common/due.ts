import type { SimDb } from '../db.ts';

/**
 * Simulated work that falls due with time (a review ending, a driver answering, and later rides
 * being produced). Each task must stamp what it does with the time it fell due, not with `nowMs`,
 * so running late (the next request comes hours of simulated time after) changes nothing.
 */
export type DueTask = (nowMs: number) => void;

/** All tasks in one transaction, in list order: a later task sees what an earlier one made due. */
export function createDueRunner(db: SimDb, tasks: DueTask[]): (nowMs: number) => void {
  const runAll = db.transaction((nowMs: number) => {
    for (const task of tasks) task(nowMs);
  });
  return (nowMs) => runAll(nowMs);
}
