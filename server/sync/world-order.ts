/** The worlds a piece of work touches: one, several, or every world (null). */
export type Worlds = string | readonly string[] | null;

const ignore = (): void => undefined;

/**
 * Work on worlds (a sync run's read, a world's run, a world's change), each started once every work
 * asked for before it that shares a world with it has ended: two worlds' work goes side by side, and
 * one world's in the order asked. Work on every world waits for all the work before it, and all the
 * work after it waits for it.
 */
export function createWorldOrder() {
  // Per world, the end of the last work asked for on it; dropped once that work has ended.
  const last = new Map<string, Promise<void>>();
  // The end of the last work on every world, and every work not ended yet.
  let lastAll: Promise<void> = Promise.resolve();
  const unfinished = new Set<Promise<void>>();

  function run<T>(worlds: Worlds, work: () => Promise<T>): Promise<T> {
    const keys = typeof worlds === 'string' ? [worlds] : worlds;
    const before = keys === null ? [...unfinished] : [lastAll, ...keys.flatMap((w) => last.get(w) ?? [])];
    const result = (before.length === 0 ? Promise.resolve() : Promise.all(before)).then(work);
    const ended = result.then(ignore, ignore);
    unfinished.add(ended);
    if (keys === null) lastAll = ended;
    else for (const w of keys) last.set(w, ended);
    void ended.then(() => {
      unfinished.delete(ended);
      for (const w of keys ?? []) if (last.get(w) === ended) last.delete(w);
    });
    return result;
  }

  return {
    run,
    /** Resolves once every work asked for so far has ended. */
    idle: (): Promise<void> => Promise.all([...unfinished]).then(ignore),
  };
}

export type WorldOrder = ReturnType<typeof createWorldOrder>;
