/**
 * Runs tasks one at a time per key, in the order they were queued. A task queued under several keys
 * starts once the tasks queued before it under each of its keys have settled. Queuing is
 * synchronous, so the order is the order of the callers' (committed) local writes, and two tasks
 * never wait on each other in a cycle: each key's queue follows the same global order.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>();

  function run<T>(keys: string[], task: () => Promise<T>): Promise<T> {
    const before = keys.map((k) => tails.get(k)).filter((p): p is Promise<void> => p !== undefined);
    const result = Promise.all(before).then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) tails.set(key, settled);
    // Forget a key once its last task is done, so the map holds only keys with work queued.
    void settled.then(() => {
      for (const key of keys) if (tails.get(key) === settled) tails.delete(key);
    });
    return result;
  }

  return {
    run,
    /** Keys with work queued or under way (for tests and diagnostics). */
    size: () => tails.size,
  };
}

export type KeyedQueue = ReturnType<typeof createKeyedQueue>;
