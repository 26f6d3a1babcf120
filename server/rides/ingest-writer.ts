import { Worker } from 'node:worker_threads';
import type { Db } from '../db/open.ts';
import { createEarningsStore, type DailyEarningsRow } from '../earnings/store.ts';
import type { PackedRides } from './packed-rides.ts';
import { createRideStore } from './store.ts';

/**
 * Where ingestion writes: pages of rides (packed-rides.ts) and daily earnings rows, each call in one
 * transaction, in the order called. A page answers how many of its rides were new or changed.
 */
export interface IngestWriter {
  rides(page: PackedRides): Promise<number>;
  daily(rows: DailyEarningsRow[]): Promise<void>;
  /** Waits for what was handed over, then lets the database be closed. */
  close(): Promise<void>;
}

export type WriterMessage =
  | { id: number; rides: PackedRides }
  | { id: number; daily: DailyEarningsRow[] }
  | { close: true };
export type WriterAnswer = { id: number; changed: number } | { id: number; error: string };

const THREAD = new URL('./ingest-writer-worker.mjs', import.meta.url);

/** In the caller's thread, on its connection: the write holds the event loop while it runs. */
export function inProcessWriter(db: Db): IngestWriter {
  const rideStore = createRideStore(db);
  const earnings = createEarningsStore(db);
  return {
    rides: async (page) => rideStore.upsertPacked(page),
    daily: async (rows) => void earnings.upsertMany(rows),
    close: async () => undefined,
  };
}

/**
 * A thread with its own connection to the database file, so that the API reads and converts the
 * next page while the last one is written: on two cores about a fifth off a year's ingestion
 * (docs/performance.md). Every ingestion write goes through it once it runs: a write of the API's
 * own connection would wait, event loop and all, for the thread's transaction to end.
 */
export function threadWriter(file: string): IngestWriter {
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
    if ('error' in answer) w?.reject(new Error(`ingest writer: ${answer.error}`));
    else w?.resolve(answer.changed);
  });
  worker.on('error', (err) => end(new Error(`ingest writer failed: ${err.message}`)));
  worker.on('exit', (code) => end(new Error(`ingest writer stopped (exit code ${code})`)));

  function send(message: (id: number) => WriterMessage, transfer: ArrayBuffer[] = []): Promise<number> {
    if (ended) return Promise.reject(ended);
    const id = ++sent;
    return new Promise<number>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage(message(id), transfer);
    });
  }

  return {
    // Transferred, not copied: the page's buffer belongs to the thread from here on.
    rides: (page) => send((id) => ({ id, rides: page }), [page.buffer]),
    daily: async (rows) => void (await send((id) => ({ id, daily: rows }))),
    async close() {
      if (!ended) worker.postMessage({ close: true } satisfies WriterMessage);
      await exited;
    },
  };
}

/**
 * In-process until a window brings more than one page of rides (`rides(page, more = true)`), then
 * the thread, for good. A small window (a `clock advance` of a day, most tests) gains nothing from
 * the pipeline and would wait ~0.3 s for the thread to start. In-memory databases (the tests' apps)
 * cannot be opened twice and always write in-process.
 */
export function createIngestWriter(db: Db) {
  const local = inProcessWriter(db);
  let thread: IngestWriter | null = null;
  const current = () => thread ?? local;
  return {
    rides(page: PackedRides, more: boolean): Promise<number> {
      if (more && !thread && !db.memory) thread = threadWriter(db.name);
      return current().rides(page);
    },
    daily: (rows: DailyEarningsRow[]) => current().daily(rows),
    /** Ends the thread, if one was started; the database may be closed after this. */
    async close(): Promise<void> {
      const running = thread;
      thread = null;
      await running?.close();
    },
  };
}

export type IngestWriters = ReturnType<typeof createIngestWriter>;
