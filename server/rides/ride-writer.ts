import { Worker } from 'node:worker_threads';
import type { Db } from '../db/open.ts';
import type { PackedRides } from './packed-rides.ts';
import { createRideStore } from './store.ts';

/**
 * Writes packed pages of rides (packed-rides.ts), each in one transaction and in the order given;
 * a write answers how many rides were new or changed.
 */
export interface RideWriter {
  write(page: PackedRides): Promise<number>;
  /** Waits for the pages already handed over, then lets the database be closed. */
  close(): Promise<void>;
}

export type WriterMessage = { id: number; page: PackedRides } | { close: true };
export type WriterAnswer = { id: number; changed: number } | { id: number; error: string };

const THREAD = new URL('./ride-writer-worker.mjs', import.meta.url);

/**
 * On a database file, a thread with its own connection writes the pages, so that the API reads and
 * converts the next page while the last one is written: on two cores that takes about a fifth off
 * a year's ingestion (docs/performance.md). An in-memory database cannot be opened twice, so there
 * the pages are written in-process, one after the other, by the same store method.
 */
export function createRideWriter(db: Db): RideWriter {
  if (!db.memory) return threadWriter(db.name);
  const store = createRideStore(db);
  return { write: async (page) => store.upsertPacked(page), close: async () => undefined };
}

function threadWriter(file: string): RideWriter {
  const worker = new Worker(THREAD, { workerData: { file } });
  // It never keeps the process alive by itself; the API's shutdown closes it (server/main.ts).
  worker.unref();
  const waiting = new Map<number, { resolve: (changed: number) => void; reject: (err: Error) => void }>();
  let sent = 0;
  let ended: Error | null = null;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const end = (err: Error) => {
    ended ??= err;
    for (const w of waiting.values()) w.reject(ended);
    waiting.clear();
  };
  worker.on('message', (answer: WriterAnswer) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) w?.reject(new Error(`ride writer: ${answer.error}`));
    else w?.resolve(answer.changed);
  });
  worker.on('error', (err) => end(new Error(`ride writer failed: ${err.message}`)));
  worker.on('exit', (code) => end(new Error(`ride writer stopped (exit code ${code})`)));

  return {
    write(page) {
      if (ended) return Promise.reject(ended);
      const id = ++sent;
      return new Promise<number>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // Transferred, not copied: the page's buffer belongs to the thread from here on.
        worker.postMessage({ id, page } satisfies WriterMessage, [page.buffer]);
      });
    },
    async close() {
      if (!ended) worker.postMessage({ close: true } satisfies WriterMessage);
      await exited;
    },
  };
}
