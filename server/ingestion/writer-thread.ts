import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/open.ts';
import { ingestWrites, type WriterAnswer, type WriterMessage } from './writer.ts';

/**
 * The ingestion writer's thread (ingest-writer.ts): its own connection to the API's database file,
 * one message at a time, in the order received. The close message comes after everything handed
 * over, so the connection closes once that is written and the thread ends with nothing left to do.
 */
const port = parentPort!;
const db = openDatabase((workerData as { file: string }).file);
const writes = ingestWrites(db);
const answer = (a: WriterAnswer) => port.postMessage(a);

port.on('message', (m: WriterMessage) => {
  if ('close' in m) {
    db.close();
    port.close();
    return;
  }
  try {
    answer({ id: m.id, changed: 'rides' in m ? writes.rides(m.rides) : writes.daily(m.daily) });
  } catch (err) {
    answer({ id: m.id, error: (err as Error).message });
  }
});
