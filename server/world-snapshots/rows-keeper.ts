import { Worker } from 'node:worker_threads';
import { workerCalls } from '../lib/worker-calls.ts';
import type { Db } from '../db/open.ts';
import { noTempDirProblem } from '../lib/temp-dir.ts';
import { AppError, type ErrorCode } from '../errors.ts';
import { createWorldRows, type WorldRows } from './rows.ts';
import { threadUrl } from '../lib/thread-url.ts';

/** What the world's rows do, synchronously, on the connection that holds the copies (rows.ts). */
export interface RowsCalls {
  save(tenantId: string, key: string): number;
  assertNoClash(key: string, name: string): void;
  /** Ahead of `putBack` of the same world and copy, outside its write lock (rows.ts). */
  compareBulk(tenantId: string, key: string): void;
  putBack(tenantId: string, key: string, name: string): void;
  drop(key: string): void;
  dropPrefix(prefix: string): void;
}

/** The same calls from the API's side: answered when done, in the order made. */
export type RowsKeeper = { [K in keyof RowsCalls]: (...args: Parameters<RowsCalls[K]>) => Promise<ReturnType<RowsCalls[K]>> } & {
  /** Waits for what was handed over, then ends the thread (if any): its copies are gone. */
  close(): Promise<void>;
};

export type RowsMessage = { [K in keyof RowsCalls]: { id: number; call: K; args: Parameters<RowsCalls[K]> } }[keyof RowsCalls] | { close: true };
/** An AppError (the 409) crosses the thread as its code, message and details, and is made again here. */
export type RowsFailure = { message: string; code?: ErrorCode; status?: number; details?: unknown };
export type RowsAnswer = { id: number; value: unknown } | { id: number; error: RowsFailure };

export interface RowsThreadOptions {
  /** Called once when the thread stops, closed or failed; the calls waiting for it are rejected. */
  onEnd?: () => void;
  /**
   * Tests only: two Int32 slots. The thread sets slot 0 and waits, inside a put-back's transaction
   * with its writes done, until slot 1 is set (rows-thread.ts).
   */
  hold?: SharedArrayBuffer;
}

const THREAD = threadUrl(import.meta.url, 'rows');

export const failureOf = (err: unknown): RowsFailure =>
  err instanceof AppError
    ? { message: err.message, code: err.code, status: err.status, details: err.details }
    : { message: err instanceof Error ? err.message : String(err) };

const errorOf = (f: RowsFailure): Error => {
  if (f.code) return new AppError(f.code, f.message, f.details ?? null, {}, f.status);
  // The copies are temporary databases: with no writable temporary directory every save fails so.
  const noTempDir = noTempDirProblem(f.message);
  return noTempDir ? new AppError('INTERNAL', noTempDir) : new Error(`world rows thread: ${f.message}`);
};

/**
 * On the caller's connection, in its thread: each call holds the event loop while it runs. The
 * copies' vault and statements are made at the first save: an app that never saves a world (most of
 * the tests') never pays for them.
 */
export function inProcessRows(db: Db): RowsKeeper {
  let made: WorldRows | null = null;
  const rows = () => (made ??= createWorldRows(db));
  return {
    save: async (tenantId, key) => rows().save(tenantId, key),
    assertNoClash: async (key, name) => rows().assertNoClash(key, name),
    compareBulk: async (tenantId, key) => rows().compareBulk(tenantId, key),
    putBack: async (tenantId, key, name) => rows().putBack(tenantId, key, name),
    // Nothing saved yet, nothing to drop.
    drop: async (key) => made?.drop(key),
    dropPrefix: async (prefix) => made?.dropPrefix(prefix),
    close: async () => undefined,
  };
}

/**
 * A thread with its own connection to the database file, holding the copies in its own in-memory
 * vault: a put-back's transaction runs there, so the API's event loop goes on answering other worlds
 * (WAL: its reads see the rows as they were until the commit). One call at a time, in the order made.
 */
export function threadRows(file: string, { onEnd = () => undefined, hold }: RowsThreadOptions = {}): RowsKeeper {
  const calls = workerCalls<unknown, RowsFailure>(new Worker(THREAD, { workerData: { file, hold } }), {
    label: 'world rows thread', onEnd, valueOf: (answer) => answer.value, errorOf,
  });
  const send = <K extends keyof RowsCalls>(call: K, ...args: Parameters<RowsCalls[K]>): Promise<ReturnType<RowsCalls[K]>> =>
    calls.send((id) => ({ id, call, args }) as RowsMessage) as Promise<ReturnType<RowsCalls[K]>>;

  return {
    save: (...args) => send('save', ...args),
    assertNoClash: (...args) => send('assertNoClash', ...args),
    compareBulk: (...args) => send('compareBulk', ...args),
    putBack: (...args) => send('putBack', ...args),
    drop: (...args) => send('drop', ...args),
    dropPrefix: (...args) => send('dropPrefix', ...args),
    close: () => calls.close({ close: true } satisfies RowsMessage),
  };
}

export type StartRowsThread = (file: string, onEnd: () => void) => RowsKeeper;

/**
 * The thread for a database file, started at the first save (a serve that never saves a world never
 * starts it); in-process for an in-memory database (the tests' apps), which a second connection
 * cannot open. The copies live in the thread: if it dies they are gone (`onLost`), the calls that
 * need them fail, and the next save starts another. Nothing is dropped where nothing was saved.
 */
export function createRowsKeeper(db: Db, { onLost, startThread = (file, onEnd) => threadRows(file, { onEnd }) }: {
  onLost: () => void;
  startThread?: StartRowsThread;
}): RowsKeeper {
  if (db.memory) return inProcessRows(db);
  let thread: RowsKeeper | null = null;
  let closed = false;
  const lost = () => Promise.reject(new Error('world rows thread: the saved copies are gone'));

  function start(): RowsKeeper {
    const started = startThread(db.name, () => {
      if (thread !== started) return;
      thread = null;
      if (!closed) onLost();
    });
    return (thread = started);
  }

  return {
    save: (...args) => (closed ? lost() : (thread ?? start()).save(...args)),
    assertNoClash: (...args) => (thread ? thread.assertNoClash(...args) : lost()),
    compareBulk: (...args) => (thread ? thread.compareBulk(...args) : lost()),
    putBack: (...args) => (thread ? thread.putBack(...args) : lost()),
    drop: async (...args) => thread?.drop(...args),
    dropPrefix: async (...args) => thread?.dropPrefix(...args),
    async close() {
      closed = true;
      const running = thread;
      thread = null;
      await running?.close();
    },
  };
}
