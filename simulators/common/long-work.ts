import type { RequestHandler } from 'express';
import { writeSync } from 'node:fs';

/**
 * The lines this process prints on stdout, for serve's health probe (cli/lib/busy-marks.ts), around
 * a request that may hold its event loop for seconds: a whole copy or restore of the platforms'
 * records (a data dir of a year's rides: ~10 s), a fleet's copy, restore or deletion. Without them
 * serve took the busy process for a hung one, replaced it mid-restore, and the restore failed every time.
 */
export const BUSY_LINE = 'simulators busy: long work under way';
export const IDLE_LINE = 'simulators idle';

/** Requests whose work grows with the data (a whole state, a fleet's records), not with the request. */
const LONG_WORK = /^\/_control\/(state\/|fleets\/[^/]+(\/snapshots\/|\/undo-restore$|$))/;

/**
 * Writes BUSY_LINE before a long request's work and IDLE_LINE once it has answered, one of each per
 * request: two may overlap (a fleet's deletion yields between its slices), and the reader counts
 * them. `write` must be synchronous (writeLine): the line has to leave before the event loop is held.
 */
export function markLongWork(write: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || !LONG_WORK.test(req.path)) return next();
    write(BUSY_LINE);
    res.once('close', () => write(IDLE_LINE));
    next();
  };
}

/**
 * A line on stdout now: process.stdout on a pipe writes asynchronously, and a write queued before a
 * long synchronous task would leave after it. A line that cannot be written (nobody reads) is dropped.
 */
export function writeLine(line: string): void {
  try {
    writeSync(1, `${line}\n`);
  } catch {
    // The probe then sees a busy process as it did before these lines existed.
  }
}
