import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The checkpoint thread (checkpoints.ts): its own connection to a database file, copying what the
 * WAL holds back into the file every `everyMs` of real time (housekeeping, never simulated time),
 * without waiting for anyone: a PASSIVE checkpoint copies what no reader still needs and leaves the
 * rest for the next turn. The close message ends it.
 */
const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new Database(file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked this turn (a restore replacing the contents): the next turn tries again.
  }
}, everyMs);

parentPort!.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
