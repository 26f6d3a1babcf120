import { Worker } from 'node:worker_threads';
import { workerCalls } from '../lib/worker-calls.ts';
import type { Db } from '../db/open.ts';
import { createEarningsStore, type DailyEarningsRow } from '../earnings/store.ts';
import type { PackedRides } from './packed-rides.ts';
import { stopping } from '../errors.ts';
import { createRideStore } from '../rides/store.ts';
import { threadUrl } from '../lib/thread-url.ts';

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

const THREAD = threadUrl(import.meta.url, 'writer');

/** The writes themselves, on one connection: the API's (inProcessWriter) or the thread's. */
export function ingestWrites(db: Db) {
  const rides = createRideStore(db);
  const earnings = createEarningsStore(db);
  return {
    rides: (page: PackedRides): number => rides.upsertPacked(page),
    /** The rows, and the next write number for each tenant and platform they changed (migration 010), in one transaction. */
    daily: db.transaction((rows: DailyEarningsRow[]): number => {
      const changed = earnings.upsertMany(rows);
      if (changed === 0) return 0;
      const marked = new Set<string>();
      for (const { tenant_id, platform } of rows) {
        const key = `${tenant_id}|${platform}`;
        if (!marked.has(key)) (marked.add(key), rides.markWritten(tenant_id, platform));
      }
      return changed;
    }),
  };
}

/** In the caller's thread, on its connection: the write holds the event loop while it runs. */
export function inProcessWriter(db: Db): IngestWriter {
  const writes = ingestWrites(db);
  return {
    rides: async (page) => writes.rides(page),
    daily: async (rows) => void writes.daily(rows),
    close: async () => undefined,
  };
}

/**
 * A thread with its own connection to the database file, so that the API reads and converts the
 * next page while the last one is written: on two cores about a fifth off a year's ingestion
 * (docs/performance.md). Daily rows go through it too once it runs: written on the API's own
 * connection they would wait, event loop and all, for the thread's transaction to end. `onEnd` is
 * called once when the thread stops, closed or failed; what was waiting for it is rejected.
 */
export function threadWriter(file: string, onEnd: () => void = () => undefined): IngestWriter {
  const calls = workerCalls<number>(new Worker(THREAD, { workerData: { file } }), {
    label: 'ingest writer', onEnd, valueOf: (answer) => answer.changed as number, errorOf: (error) => new Error(`ingest writer: ${error}`),
  });
  const send = (message: (id: number) => WriterMessage, transfer: ArrayBuffer[] = []) => calls.send(message, transfer);

  return {
    // Transferred, not copied: the page's buffer belongs to the thread from here on.
    rides: (page) => send((id) => ({ id, rides: page }), [page.buffer]),
    daily: async (rows) => void (await send((id) => ({ id, daily: rows }))),
    close: () => calls.close({ close: true } satisfies WriterMessage),
  };
}

/**
 * Rides in a page from which the thread is worth it even with no page to follow: ~15 ms of writing
 * that the event loop spends reading the other platform's page instead (a fixture's 30 days of 50
 * vehicles come as pages of ~5 000: the rides took ~400 ms in-process, ~300 ms so).
 */
export const THREAD_PAGE_RIDES = 2_000;

/**
 * In-process until a window brings more than one page of rides (`rides(page, more = true)`) or a
 * page of THREAD_PAGE_RIDES or more, then the thread. A small window (a `clock advance` of a day,
 * most tests) gains nothing from the pipeline and would wait ~0.3 s for the thread to start;
 * `warm()` starts it ahead, for a caller that knows big pages are coming (a fixture with rides).
 * In-memory databases (the tests' apps) cannot be opened twice and always write in-process. A
 * thread that fails is dropped: the windows it was writing fail (the next sync reads them again)
 * and the next big window starts another. After refuse() or close() every write is refused (a 503
 * saying serve stops), so a request still running at shutdown starts no thread and ends soon.
 */
export function createIngestWriter(db: Db, startThread: (file: string, onEnd: () => void) => IngestWriter = threadWriter) {
  const local = inProcessWriter(db);
  let thread: IngestWriter | null = null;
  let closed = false;
  const refused = () => Promise.reject(stopping());
  const current = () => thread ?? local;

  function start(): void {
    const started: IngestWriter = startThread(db.name, () => {
      if (thread === started) thread = null;
    });
    thread = started;
  }

  const warm = (): void => {
    if (!closed && !thread && !db.memory) start();
  };

  return {
    rides(page: PackedRides, more: boolean): Promise<number> {
      if (closed) return refused();
      if (more || page.count >= THREAD_PAGE_RIDES) warm();
      return current().rides(page);
    },
    warm,
    daily: (rows: DailyEarningsRow[]): Promise<void> => (closed ? refused() : current().daily(rows)),
    /** Refuses every write from now on (serve's stop: what is under way ends at its next page). */
    refuse(): void {
      closed = true;
    },
    /** Ends the thread, if one was started; the database may be closed after this. */
    async close(): Promise<void> {
      closed = true;
      const running = thread;
      thread = null;
      await running?.close();
    },
  };
}
