import type { Worker } from 'node:worker_threads';

/** What a thread answers a numbered call: its value, or its error's message (or error object). */
export type WorkerAnswer<E = string> = { id: number; error: E } | ({ id: number } & Record<string, unknown>);

/**
 * Numbered calls to a thread of the API's and their answers, in the order made: `send` posts a
 * message built for its number and resolves with what `valueOf` takes from the answer. When the
 * thread fails or stops, every call waiting is rejected and so is every later one; `onEnd` is called
 * once. An idle thread never keeps the process alive by itself (its owner's close() ends it); one
 * with calls waiting, or closing, does: otherwise a process with nothing else left (the CLI's fresh
 * environment once its server closed) ended with the close or the call never settled.
 */
export function workerCalls<V, E = string>(
  worker: Worker,
  { label, onEnd, valueOf, errorOf }: { label: string; onEnd: () => void; valueOf: (answer: Record<string, unknown>) => V; errorOf: (error: E) => Error },
) {
  const waiting = new Map<number, { resolve: (value: V) => void; reject: (err: Error) => void }>();
  let sent = 0;
  let ended: Error | null = null;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  // No call left to answer: the thread no longer holds the process (unless it is closing).
  const releaseIfIdle = () => void (waiting.size === 0 && !closing && worker.unref());
  const end = (err: Error) => {
    if (!ended) onEnd();
    ended ??= err;
    for (const w of waiting.values()) w.reject(ended);
    waiting.clear();
  };
  worker.on('message', (answer: WorkerAnswer<E>) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    releaseIfIdle();
    if ('error' in answer) w?.reject(errorOf(answer.error as E));
    else w?.resolve(valueOf(answer));
  });
  worker.on('error', (err) => end(new Error(`${label} failed: ${err.message}`)));
  worker.on('exit', (code) => end(new Error(`${label} stopped (exit code ${code})`)));
  // After the listeners: attaching a 'message' listener refs the thread's port again.
  worker.unref();

  return {
    send(message: (id: number) => unknown, transfer: ArrayBuffer[] = []): Promise<V> {
      if (ended) return Promise.reject(ended);
      const id = ++sent;
      return new Promise<V>((resolve, reject) => {
        if (waiting.size === 0) worker.ref();
        waiting.set(id, { resolve, reject });
        try {
          worker.postMessage(message(id), transfer);
        } catch (err) {
          // Never sent (a buffer that cannot be transferred): no answer will come for it.
          waiting.delete(id);
          releaseIfIdle();
          reject(err as Error);
        }
      });
    },
    /** Asks the thread to end (with `closeMessage`) unless it has, and waits until it has. */
    async close(closeMessage: unknown): Promise<void> {
      closing = true;
      // The thread closes its port before it ends: ref'd, the process waits for the end, not just the port.
      worker.ref();
      if (!ended) worker.postMessage(closeMessage);
      await exited;
    },
  };
}
