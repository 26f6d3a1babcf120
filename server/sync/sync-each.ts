import { AppError } from '../errors.ts';
import { eachLimited, SYNC_CALLS_AT_ONCE } from '../lib/each-limited.ts';
import { PLATFORM_FAULT_HEADER } from '../lib/platform-fault-header.ts';
import { failureMessage, type WorldFailure, type WorldReading } from './runner.ts';

/** A 503 made by a platform fault of one world's own (its other worlds' calls go through). */
const worldFault = (err: unknown): boolean =>
  err instanceof AppError && (err.headers[PLATFORM_FAULT_HEADER] ?? '').endsWith('scope=world');

/**
 * Reads records one platform call each, SYNC_CALLS_AT_ONCE at a time, over one world's records or
 * every world's. A world whose own platform fault refuses a call has its other records left for the
 * next run while the other worlds go on; a platform down for every world ends the pass (no new call
 * starts) and is thrown. Any other refusal is one record's. Answers the worlds that failed, each with
 * its first failure, for the sync runner to say and to read them again: a pass of every world names
 * the world, not the whole pass (another world's test is not told of it). A failure that is not the
 * API's own error is thrown at the end, for the runner to log.
 */
export async function syncEach<T>(rows: readonly T[], worldOf: (row: T) => string | undefined, read: (row: T) => Promise<unknown>): Promise<WorldFailure[]> {
  const failed = new Map<string, string>();
  const refused = new Set<string>();
  let unexpected: unknown = null;
  await eachLimited(rows, SYNC_CALLS_AT_ONCE, async (row) => {
    const world = worldOf(row);
    if (world === undefined || refused.has(world)) return;
    try {
      await read(row);
    } catch (err) {
      if (worldFault(err)) refused.add(world);
      else if (err instanceof AppError && err.code === 'PLATFORM_UNAVAILABLE') throw err;
      else if (!(err instanceof AppError)) unexpected ??= err;
      if (!failed.has(world)) failed.set(world, failureMessage(err));
    }
  });
  if (unexpected) throw unexpected;
  return [...failed].map(([tenant, message]) => ({ tenant, message }));
}

/**
 * A pass of every world, world by world (`pass` of one world's records), each world's in turn with
 * its runs and changes (`reading`: a world's restore or advance waits for that world's read alone,
 * not for a slow world's), SYNC_CALLS_AT_ONCE worlds side by side. `pass` lists the world's records
 * in its turn: listed before, a restore meanwhile could have replaced them (or, listed before, checks
 * `reading.changedSince`, as bindings/reconcile.ts does). A platform down for
 * every world ends the pass and is thrown; a failure that is not the API's own error is thrown at the
 * end, for the runner to log.
 */
export async function syncWorldByWorld(worlds: readonly string[], pass: (world: string) => Promise<void | WorldFailure[]>, reading: WorldReading): Promise<WorldFailure[]> {
  const failures: WorldFailure[] = [];
  let unexpected: unknown = null;
  await eachLimited(worlds, SYNC_CALLS_AT_ONCE, async (world) => {
    try {
      failures.push(...(await reading(world, () => pass(world))) ?? []);
    } catch (err) {
      if (err instanceof AppError && err.code === 'PLATFORM_UNAVAILABLE') throw err;
      unexpected ??= err;
    }
  });
  if (unexpected) throw unexpected;
  return failures;
}

/** Records by their world, worlds in the records' order; a record of no world (undefined) is left out. */
export function byWorld<T>(rows: readonly T[], worldOf: (row: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const world = worldOf(row);
    if (world === undefined) continue;
    const list = out.get(world);
    if (list) list.push(row);
    else out.set(world, [row]);
  }
  return out;
}

/** The worlds of some records, each once, in the records' order (a record of no world left out). */
export const worldsIn = <T>(rows: readonly T[], worldOf: (row: T) => string | undefined): string[] => [...byWorld(rows, worldOf).keys()];
