import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How many nice values (0 is the usual, 19 the lowest priority) below the API's thread the work that
 * answers no request itself runs. On two cores the API's event loop, its clients and a world's restore compete for the CPU: another world's
 * by-id p99 during back-to-back restores was 1.6–2.2× its figure with none, 1.1–1.35× with these
 * (docs/performance.md). A nice thread still gets every idle core, so alone it runs as fast as before.
 * - The companion (simulators) answers the API, never a user: it yields to the API's thread.
 * - A world restore's rows thread compares and puts back one world while others are read.
 */
export const NICE = { simulators: 5, worldRows: 10 } as const;

/**
 * Lowers the calling thread's priority by `steps` nice values (never past 19, never raised: a serve
 * started under `nice` keeps its order) where the system lets a thread have its own: on
 * Linux `/proc/thread-self` names the thread's id, and setpriority on that id applies to that thread
 * alone (not the process's other threads). Raising a nice value needs no privilege; elsewhere, or if
 * the system refuses, the thread keeps its priority and everything works as before, only less fairly.
 */
export function lowerThreadPriority(steps: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(tid) || tid <= 0) return false;
    setPriority(tid, Math.min(19, getPriority(tid) + steps));
    return true;
  } catch {
    return false;
  }
}
