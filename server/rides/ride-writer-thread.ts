import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open.ts';
import type { WriterAnswer, WriterMessage } from './ride-writer.ts';
import { createRideStore } from './store.ts';

/**
 * The ride writer's thread (ride-writer.ts): its own connection to the API's database file, one
 * page per message, in the order received. A close message comes after every page handed over,
 * so the connection closes once they are written, and the thread ends with nothing left to do.
 */
const port = parentPort!;
const db = openDatabase((workerData as { file: string }).file);
const store = createRideStore(db);
const answer = (a: WriterAnswer) => port.postMessage(a);

port.on('message', (m: WriterMessage) => {
  if ('close' in m) {
    db.close();
    port.close();
    return;
  }
  try {
    answer({ id: m.id, changed: store.upsertPacked(m.page) });
  } catch (err) {
    answer({ id: m.id, error: (err as Error).message });
  }
});
