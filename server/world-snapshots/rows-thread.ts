import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open.ts';
import { createWorldRows } from './rows.ts';
import { failureOf, type RowsAnswer, type RowsCalls, type RowsMessage } from './rows-keeper.ts';

/**
 * The world rows' thread (rows-keeper.ts): its own connection to the API's database file, the saved
 * copies in an in-memory database attached to it, one message at a time, in the order received.
 * The close message comes after everything handed over; the copies go with the thread.
 */
const port = parentPort!;
const { file, hold } = workerData as { file: string; hold?: SharedArrayBuffer };
const db = openDatabase(file);
const rows: RowsCalls = createWorldRows(db, { beforeCommit: hold && holdUntilReleased(new Int32Array(hold)) });
const answer = (a: RowsAnswer) => port.postMessage(a);

port.on('message', (m: RowsMessage) => {
  if ('close' in m) {
    db.close();
    port.close();
    return;
  }
  try {
    answer({ id: m.id, value: (rows[m.call] as (...args: unknown[]) => unknown)(...m.args) });
  } catch (err) {
    answer({ id: m.id, error: failureOf(err) });
  }
});

/** Tests only: says it is inside the put-back (slot 0), then waits for slot 1; once released, never again. */
function holdUntilReleased(slots: Int32Array): () => void {
  return () => {
    Atomics.store(slots, 0, 1);
    Atomics.notify(slots, 0);
    Atomics.wait(slots, 1, 0);
  };
}
