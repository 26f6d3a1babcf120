import type { Logger } from '../lib/logger.ts';
import { createRetryDelays } from './retry-delays.ts';
import { AppError } from '../errors.ts';
import { createWorldOrder, ignore, type Worlds } from './world-order.ts';

/** A world a task could not bring up to date, though the task went on with the others. */
export interface WorldFailure {
  tenant: string;
  message: string;
}

/** One kind of background work that brings stored state up to date with the platforms: every world's, or one world's. */
export interface SyncTask {
  name: string;
  /**
   * `background`: a run of the background's (every second), not one asked for (an advance, `POST
   * /_testbed/sync`). A failure of the whole task throws; one of some worlds may be answered.
   */
  run(tenantId?: string, background?: boolean, reading?: WorldReading): Promise<void | WorldFailure[]>;
  /**
   * The task tells the worlds it reads, through `reading`, in a pass of every world (one world at a
   * time, several side by side, or a batch call's worlds): a world's change or run then waits only
   * for the reads of that world, not for the whole pass. Without it, the pass is one read of every world.
   */
  readsWorldByWorld?: boolean;
  /**
   * The task reads platform records alone (registrations, invitations, bindings held): a world whose
   * records did not change since the last background run has nothing new for it (see `runBackground`).
   */
  changedWorldsOnly?: boolean;
}

/** A read of one world, of several, or of every world (null), in turn with the changes and runs of those worlds (world-order.ts). */
export interface WorldReading {
  <T>(worlds: Worlds, read: () => Promise<T>): Promise<T>;
  /**
   * For a read made outside the world's turn (one list of every world's): `stamp()` before it, then in
   * the world's turn `changedSince(world, stamp)` says whether that world's work (a restore, its own
   * run) ended since, and the read may be older than the world. Without them, such a read cannot be
   * checked, and the task reads every world in one turn instead.
   */
  stamp?(): number;
  changedSince?(world: string, stamp: number): boolean;
  /**
   * Whether a work of the world (its own run, a restore) is under way or waiting now: a batch of
   * several worlds' reads leaves it to a read of its own, rather than make the batch's other worlds
   * wait for it in the batch's turn.
   */
  busy?(world: string): boolean;
}

/** A WorldReading that tells what changed since a read outside the turns (the runner's own). */
export type WorldTurns = WorldReading & Required<Pick<WorldReading, 'stamp' | 'changedSince'>>;

/** A task of a run that failed (a platform down, a world's platform fault): read again at the next run. */
export interface SyncFailure {
  task: string;
  /** The world it was run for; null: every world's. */
  tenant: string | null;
  /** In Spanish: the error's own message when it is the API's, else a general one (the log has the rest). */
  message: string;
}

/** What a failure says: the API's own error's message (Spanish); any other's words are the log's alone. */
export const failureMessage = (err: unknown): string =>
  err instanceof AppError ? err.message : 'Error inesperado al leer las plataformas; el registro de serve tiene el detalle.';

/** The worlds whose platform records were written after `since` (the companion's change sequence), each with its last number. */
export type ChangedWorlds = (since: number) => Promise<{ seq: number; fleets: { id: string; seq: number }[] }>;

export interface SyncRunner {
  /**
   * Runs every task once, in order: for every world, or for one (`tenantId`: an advance of that
   * world's clock, which makes nothing due in the others). One world's run goes beside the runs and
   * changes of other worlds, after those of its own world asked before it, and after the read under
   * way of a run of every world if it reads that world (a background run's read of a slow world is
   * not another world's business). A run of every world waits for the runs of every world before it
   * (the background's too), and reads each world in turn with that world's runs and changes.
   */
  runDue(tenantId?: string): Promise<SyncFailure[]>;
  /**
   * The background run (every second): the same, but the `changedWorldsOnly` tasks visit only the
   * worlds whose platform records changed since the last background run, and those whose visit
   * failed (a platform down); on a process's first run, every world ever written but those known
   * stored; every world when that cannot be known (the companion unreachable, the records replaced).
   * Nothing on a platform moves but by a write the companion counts.
   */
  runBackground(): Promise<void>;
  /** Every world's records were replaced (a reset, a whole restore): the next background run visits all. */
  forgetChanges(): void;
  /**
   * A world being built in one call (a fixture): background runs leave it alone until `done`, which
   * says up to which change number its platform records are all stored (each written by the builder,
   * its answer kept), or null when the platforms may hold more (it is then visited as any changed world).
   */
  building(tenantId: string): (storedUpTo: number | null) => void;
  /**
   * Whether every change of the world's platform records up to `seq` is stored: read by a background
   * run that did not fail on it, or marked. Asked by a world snapshot's save, beside a background run
   * that may be reading other worlds (`exclusive`): the worlds that run has yet to read are not.
   */
  storedThrough(tenantId: string, seq: number): boolean;
  /** The world's platform records are all stored up to `seq` (a world restore put back both sides as saved). */
  markStored(tenantId: string, seq: number): void;
  /**
   * The world's platform records may hold what the API has not stored, with no change number saying
   * so (a world restore of a copy not saved in step, whose platform half was put back unchanged): the
   * next background run reads it.
   */
  readAgain(tenantId: string): void;
  add(task: SyncTask): void;
  /** Resolves when the runs and changes under way (if any) have finished; starts nothing. */
  idle(): Promise<void>;
  /** serve stops: the runs asked for and not started are skipped, and none is started from now on. */
  stop(): void;
  /**
   * Runs `fn` with no run reading the world meanwhile. With a world (`tenantId`: a world's restore,
   * save or deletion), after that world's runs and changes asked before it, and the read under way of
   * a run of every world if it reads that world or all; other worlds' runs and changes go on beside
   * it, and a run or change of this world asked for meanwhile waits for it. Without one (a reset, a
   * whole restore): once the runs of every world asked for before it have ended, after all the work
   * under way then, and before any asked for after that. A world's own run or change asked for while
   * it waits for a run of every world goes first (the whole-testbed gate holds every request then).
   */
  exclusive<T>(fn: () => Promise<T>, tenantId?: string): Promise<T>;
}

/** Above this many changed worlds, a background run reads every world in one pass instead. */
export const WORLDS_ONE_BY_ONE = 50;


export function createSyncRunner(logger: Logger, tasks: SyncTask[] = [], changedWorlds?: ChangedWorlds, realNowMs: () => number = Date.now): SyncRunner {
  // One world's runs and changes, and each read of the runs of every world, in turn by world.
  const order = createWorldOrder();
  // The runs of every world (the background's, those asked for) one after another, and the changes of every world between them.
  let allRuns: Promise<void> = Promise.resolve();
  // The background run asked for and not started yet: at most one waits (see runBackground).
  let backgroundWaiting: Promise<void> | null = null;
  // Worlds whose visit failed: a background run visits them again once their delay is over.
  const delays = createRetryDelays(realNowMs);
  const failed = (world: string, since?: number) => {
    delays.failed(world, since);
    visitAgain.add(world);
  };
  // The worlds the background run under way reads (or all): not stored until it has ended, though
  // they left `visitAgain` and `afterBuild` as it began (a save beside it asks `storedThrough`).
  let unread: ReadonlySet<string> | 'all' | null = null;
  // The change sequence's number the last background run read (null: none yet, so the next asks
  // from 0: every world ever written), and the worlds to visit again: a `changedWorldsOnly` task
  // failed on them since, or `readAgain`.
  let seen: number | null = null;
  // The records were replaced under the API (a reset or whole restore, a number that went back): the
  // next run reads every world in one pass, since one the platforms no longer list may have lost its.
  let everyWorld = false;
  const visitAgain = new Set<string>();
  // Worlds under construction, and the change numbers of worlds to visit once built (skipped meanwhile).
  const underConstruction = new Set<string>();
  const afterBuild = new Map<string, number>();
  // Per world, the change number up to which its records are known stored (`markStored`: a build's
  // end, a restore of a copy in step): a change numbered no later is the API's own. Dropped once the
  // world changes past it.
  const storedUpTo = new Map<string, number>();

  /** The numbers known are of a sequence that is gone (records replaced under the API): none holds. */
  function forgetNumbers(): void {
    storedUpTo.clear();
    for (const world of afterBuild.keys()) afterBuild.set(world, Infinity);
  }

  /**
   * A pass over every world (or `tenantId`'s) reads the worlds under construction too, perhaps half
   * built: each is read again once built, whatever its build marks stored.
   */
  function readAgainAfterBuild(tenantId?: string): void {
    for (const world of underConstruction) if (tenantId === undefined || world === tenantId) afterBuild.set(world, Infinity);
  }

  function markStored(tenantId: string, seq: number): void {
    storedUpTo.set(tenantId, Math.max(seq, storedUpTo.get(tenantId) ?? seq));
    if ((afterBuild.get(tenantId) ?? Infinity) <= seq) afterBuild.delete(tenantId);
  }

  /** Whether a world named changed at `seq` has anything the API has not stored. */
  function unseen(world: string, seq: number): boolean {
    const known = storedUpTo.get(world);
    if (known === undefined) return true;
    if (seq <= known) return false;
    storedUpTo.delete(world);
    return true;
  }

  /** Whether the task ran without throwing, and what failed (all of it, or some worlds); a failure is logged, and the other tasks go on. */
  async function runTask(task: SyncTask, tenantId: string | undefined, background: boolean, reading?: WorldReading): Promise<{ ok: boolean; failures: SyncFailure[] }> {
    try {
      const some = await task.run(tenantId, background, reading);
      for (const failure of some ?? []) logger.warn('sync task failed', { task: task.name, tenant: failure.tenant, error: failure.message });
      return { ok: true, failures: (some ?? []).map((failure) => ({ task: task.name, ...failure })) };
    } catch (err) {
      // A platform that is down must not stop the other tasks; the next run retries.
      logger.warn('sync task failed', { task: task.name, tenant: tenantId, error: err instanceof Error ? err.message : String(err) });
      return { ok: false, failures: [{ task: task.name, tenant: tenantId ?? null, message: failureMessage(err) }] };
    }
  }

  /**
   * Every task, for one world (a world's run, in turn already), every world, or (`worlds`) the
   * changed-worlds tasks for those alone: whether every world's records were read (a pass of every
   * world that failed does not say where), and the tasks that failed. A run of every world takes each
   * read in turn with the worlds it reads (`order`).
   */
  async function runAll(tenantId?: string, worlds?: ReadonlySet<string>, background = false): Promise<{ allVisited: boolean; failures: SyncFailure[] }> {
    let allVisited = true;
    const failures: SyncFailure[] = [];
    const failedNow = new Set<string>();
    // Where the outcomes told stood at this run's first read of each world, in that world's turn (or
    // as the run began): the run's outcome for a world, told at its end, does not replace one another
    // run told after that read (a world's own run beside it), and does replace one told before it.
    const since = delays.begin();
    const firstRead = new Map<string, number>();
    const noteRead = (worlds: Worlds) => {
      for (const world of typeof worlds === 'string' ? [worlds] : worlds ?? []) if (!firstRead.has(world)) firstRead.set(world, delays.begin());
    };
    const inTurnNoted = <T>(worlds: Worlds, read: () => Promise<T>) => order.run(worlds, () => (noteRead(worlds), read()));
    const runTurns: WorldReading = Object.assign(inTurnNoted, { stamp: order.stamp, changedSince: order.changedSince, busy: order.busy });
    const reads = async (world: string | null, task: SyncTask, tenant?: string) => {
      const inTurn = tenantId === undefined;
      // A pass of every world whose task tells the worlds it reads takes each of its reads in turn.
      const byWorld = inTurn && world === null && task.readsWorldByWorld === true;
      const read = () => runTask(task, tenant, background, byWorld ? runTurns : undefined);
      const ran = await (inTurn && !byWorld ? inTurnNoted(world, read) : read());
      failures.push(...ran.failures);
      // The worlds a records task names as failed are visited again, as one that failed whole.
      if (task.changedWorldsOnly) for (const { tenant: failedWorld } of ran.failures) if (failedWorld !== null) failedNow.add(failedWorld);
      return ran.ok;
    };
    for (const task of tasks) {
      if (worlds && task.changedWorldsOnly) {
        for (const world of worlds) if (!(await reads(world, task, world))) failedNow.add(world);
        continue;
      }
      const ok = await reads(tenantId ?? null, task, tenantId);
      if (ok || !task.changedWorldsOnly) continue;
      if (tenantId === undefined) allVisited = false;
      else failedNow.add(tenantId);
    }
    const sinceOf = (world: string) => firstRead.get(world) ?? since;
    for (const world of failedNow) failed(world, sinceOf(world));
    for (const world of worlds ?? (tenantId === undefined ? [] : [tenantId])) if (!failedNow.has(world)) delays.succeeded(world, sinceOf(world));
    return { allVisited, failures };
  }

  /** A background pass, its worlds (or all) counted unread until it has ended (`storedThrough`). */
  async function unreadUntilRead<T>(worlds: ReadonlySet<string> | 'all', pass: () => Promise<T>): Promise<T> {
    unread = worlds;
    try {
      return await pass();
    } finally {
      unread = null;
    }
  }

  async function runChanged(): Promise<void> {
    const ask = (since: number) => (changedWorlds ? changedWorlds(since).catch(() => null) : Promise.resolve(null));
    let changed = await ask(seen ?? 0);
    // The sequence going back: the companion's records were replaced under us, so every fleet counts.
    if (changed && seen !== null && changed.seq < seen) {
      seen = null;
      everyWorld = true;
      forgetNumbers();
      changed = await ask(0);
    }
    // The companion could not say: every world, and the same question again next time.
    if (!changed) return void (readAgainAfterBuild(), await unreadUntilRead('all', () => runAll(undefined, undefined, true)));
    // Asked from 0 when no number was read yet (a new process): every world ever written, less those
    // whose records are known stored (built or restored since the start, before this first run).
    const worlds = new Set<string>();
    // A world under construction waits for its build's end, with the last change number it was named at.
    const visit = (world: string, seq: number) => {
      if (underConstruction.has(world)) afterBuild.set(world, Math.max(afterBuild.get(world) ?? 0, seq));
      else worlds.add(world);
    };
    const waiting = [...afterBuild];
    afterBuild.clear();
    for (const [world, seq] of waiting) visit(world, seq);
    // Infinity: a failed visit (or one asked for) is made again, whatever a build's end marks stored
    // meanwhile; one that failed, once its delay is over (retry-delays.ts), and kept for later until then.
    const later = [...visitAgain].filter((world) => delays.waiting(world));
    for (const world of visitAgain) if (!later.includes(world)) visit(world, Infinity);
    for (const { id, seq } of changed.fleets) if (unseen(id, seq)) visit(id, seq);
    // One pass over every world when the records were replaced, or when many moved at once (the due
    // work of a service-wide advance, a start on a big data dir: a world read on its own lists its
    // bindings on both platforms).
    const onePass = everyWorld || worlds.size > WORLDS_ONE_BY_ONE;
    everyWorld = false;
    visitAgain.clear();
    for (const world of later) if (!worlds.has(world)) visitAgain.add(world);
    // The number counts as read once the worlds are: a world's save beside the run (exclusive) asks
    // `storedThrough` before the run has read that world.
    if (!onePass) return void (await unreadUntilRead(worlds, () => runAll(undefined, worlds, true)), seen = changed.seq);
    readAgainAfterBuild();
    const whole = (await unreadUntilRead('all', () => runAll(undefined, undefined, true))).allVisited;
    seen = changed.seq;
    // A pass that failed does not say where: each of those worlds is read on its own next time.
    if (!whole) for (const world of worlds) visitAgain.add(world);
  }

  let stopped = false;
  /** `work` after the runs of every world before it (`skipped` instead once stopped); its result, once it has run. */
  const afterAllRuns = <T>(work: () => Promise<T>, skipped: T): Promise<T> => {
    const result = allRuns.then(() => (stopped ? skipped : work()));
    allRuns = result.then(ignore, ignore);
    return result;
  };
  /** One world's run, in turn with that world's (`skipped` once stopped). */
  const worldRun = (tenantId: string): Promise<SyncFailure[]> => order.run(tenantId, async () => {
    if (stopped) return [];
    readAgainAfterBuild(tenantId);
    return (await runAll(tenantId)).failures;
  });

  return {
    runDue: (tenantId) => (tenantId !== undefined ? worldRun(tenantId) : afterAllRuns(async () => {
      readAgainAfterBuild();
      return (await runAll()).failures;
    }, [])),
    // One waits at most: asked every second, runs longer than that (a world whose platform calls
    // time out) queued one a second, and everything asked for after them waited for all of them.
    runBackground: () => (backgroundWaiting ??= afterAllRuns(() => {
      backgroundWaiting = null;
      return runChanged();
    }, undefined)),
    forgetChanges() {
      seen = null;
      everyWorld = true;
      visitAgain.clear();
      afterBuild.clear();
      forgetNumbers();
    },
    building(tenantId) {
      underConstruction.add(tenantId);
      return (upTo) => {
        underConstruction.delete(tenantId);
        if (upTo !== null) markStored(tenantId, upTo);
      };
    },
    storedThrough(tenantId, seq) {
      if ((storedUpTo.get(tenantId) ?? -1) >= seq) return true;
      const pending = underConstruction.has(tenantId) || afterBuild.has(tenantId) || visitAgain.has(tenantId)
        || unread === 'all' || (unread?.has(tenantId) ?? false);
      return seen !== null && seq <= seen && !pending;
    },
    markStored,
    readAgain(tenantId) {
      storedUpTo.delete(tenantId);
      visitAgain.add(tenantId);
    },
    add(task) {
      tasks.push(task);
    },
    idle() {
      return allRuns.then(() => order.idle());
    },
    stop() {
      stopped = true;
    },
    exclusive(fn, tenantId) {
      if (tenantId !== undefined) return order.run(tenantId, fn);
      // Between two runs of every world (a reset must not meet one half done), and in turn with every world's work.
      const result = allRuns.then(() => order.run(null, fn));
      allRuns = result.then(ignore, ignore);
      return result;
    },
  };
}
