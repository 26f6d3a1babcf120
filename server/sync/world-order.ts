/** The worlds a piece of work touches: one, several, or every world (null). */
export type Worlds = string | readonly string[] | null;

/** What a settled promise is reduced to when only its end matters. */
export const ignore = (): void => undefined;

/** Worlds whose last end is kept (`changedSince`); past it they are forgotten, and count as changed. */
const ENDS_KEPT = 10_000;

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
  // Numbered ends: per world, its last work's end (ended work of every world: allEnded); below
  // `forgotten`, a world's end is no longer known.
  let ends = 0;
  let allEnded = 0;
  let forgotten = 0;
  const endedAt = new Map<string, number>();
  const noteEnd = (keys: readonly string[] | null): void => {
    ends++;
    if (keys === null) allEnded = ends;
    else for (const w of keys) endedAt.set(w, ends);
    if (endedAt.size > ENDS_KEPT) {
      endedAt.clear();
      forgotten = ends;
    }
  };

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
      noteEnd(keys);
      for (const w of keys ?? []) if (last.get(w) === ended) last.delete(w);
    });
    return result;
  }

  return {
    run,
    /** Whether some work on the world is under way or waiting now. */
    busy: (world: string): boolean => last.has(world),
    /** Where the ends stand now, for `changedSince`. */
    stamp: (): number => ends,
    /**
     * Whether some work on the world (or on every world) ended after `stamp`: asked in the world's
     * turn, whether anything ran on it since something was read of it outside its turn (a list of
     * every world's bindings), which may then be older than the world.
     */
    changedSince: (world: string, stamp: number): boolean => Math.max(endedAt.get(world) ?? forgotten, allEnded) > stamp,
    /** Resolves once every work asked for so far has ended. */
    idle: (): Promise<void> => Promise.all([...unfinished]).then(ignore),
  };
}
