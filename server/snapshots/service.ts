import type { Response } from 'express';
import type { Deps } from '../deps.ts';
import { PLATFORMS } from '../common/schemas.ts';
import { conflict, notFound, validation } from '../errors.ts';
import { copyDatabaseTo, copyFits, replaceContents } from '../db/replace-contents.ts';
import { loadClock } from '../lib/clock-store.ts';
import type { SyncRunner } from '../sync/runner.ts';
import { buildBaseline } from './baseline.ts';
import { withBackgroundPaused } from './background.ts';
import { BAD_SNAPSHOT_NAME_DETAIL, badSnapshotName, createSnapshotFiles, SNAPSHOT_NAME, type SnapshotFiles, type SnapshotInfo } from './files.ts';
import { createGeneration, stampGeneration } from './generation.ts';
import type { WorldGate } from './world-gate.ts';

/**
 * How the databases were replaced: a reset is a new data dir (contract: the same requests then give
 * the same answers, ids included); a whole restore brings back a past state of worlds that live on.
 */
export type Replacement = 'reset' | 'restore';

export type WorldDeps = Pick<Deps, 'db' | 'clocks' | 'seed' | 'controlToken' | 'simulators' | 'dataDir' | 'clockStart' | 'realNowMs'>;

interface Collaborators {
  gate: WorldGate;
  sync: SyncRunner;
  jobs: { pause(tenantId?: string): Promise<() => void> };
}

export const checkName = (name: string) => {
  if (!SNAPSHOT_NAME.test(name)) {
    throw validation(badSnapshotName(name), [BAD_SNAPSHOT_NAME_DETAIL]);
  }
};

/**
 * Reset and snapshots of the whole testbed (contract §4): both processes' databases (clocks, id
 * streams and jobs live in them), taken and brought back while the world stands still. A change runs
 * with no request under way (the gate), between two background sync runs, and with the job worker
 * paused; a job that was running goes on from its stored state once the worker starts again.
 */
export function createWorldService(deps: WorldDeps, { gate, sync, jobs }: Collaborators) {
  const store = deps.dataDir === null ? null : createSnapshotFiles(deps.dataDir);
  const files = () => {
    if (store === null) throw conflict('Este testbed no tiene directorio de datos: reset e instantáneas no están disponibles.');
    return store;
  };
  const listeners: ((how: Replacement) => void)[] = [];
  const generation = createGeneration(deps.realNowMs);

  /** While the world stands still: no request, no sync run, no job item in flight. */
  const stillWorld = <T>(res: Response, change: () => Promise<T>): Promise<T> =>
    gate.exclusive(res, () => withBackgroundPaused(sync, jobs, change));

  /** Whether both halves of a saved pair were made by this version's schemas (each process's own migrations). */
  // A version may add a migration to the platforms alone: they judge their half.
  const pairFits = async (saved: SnapshotFiles): Promise<boolean> => copyFits(deps.db, saved.api) && deps.simulators.stateFits(saved.platforms);

  /**
   * Both databases replaced by a saved pair; then what each process keeps in memory is rebuilt, and
   * the answer names the new state's generation.
   */
  async function bringBack(res: Response, saved: SnapshotFiles, how: Replacement): Promise<void> {
    if (!(await pairFits(saved))) throw conflict('La instantánea se guardó con otra versión del testbed y no puede restaurarse.');
    await deps.simulators.restoreState(saved.platforms);
    replaceContents(deps.db, saved.api);
    deps.clocks.service.setState(loadClock(deps.db, null).getState());
    generation.advance();
    stampGeneration(res, generation);
    for (const listener of listeners) listener(how);
  }

  /** A baseline written by an older version (fewer migrations, on either side) cannot be restored: it is built again. */
  const baselineFits = async (): Promise<boolean> => files().hasBaseline() && pairFits(files().baseline);

  // Built once per data dir and version (at start, or at the first reset); concurrent callers share a build.
  let baseline: Promise<SnapshotFiles> | null = null;
  async function ensureBaseline(): Promise<SnapshotFiles> {
    if (baseline === null && (await baselineFits())) return files().baseline;
    baseline ??= buildBaseline(deps, files())
      .then(() => files().baseline)
      .finally(() => {
        baseline = null;
      });
    return baseline;
  }

  return {
    /** Called after every reset and restore: in-memory state kept beside the database is dropped. */
    onReplaced: (listener: (how: Replacement) => void) => void listeners.push(listener),
    /** Which state work started on: changed by every reset and restore (generation.ts). */
    generation,
    ensureBaseline,
    list: (): SnapshotInfo[] => (store === null ? [] : store.list()),

    save(res: Response, name: string): Promise<SnapshotInfo> {
      checkName(name);
      return stillWorld(res, async () => {
        const staged = files().staging(name);
        try {
          copyDatabaseTo(deps.db, staged.api);
          await deps.simulators.saveState(staged.platforms);
          const takenAt = new Date(deps.realNowMs()).toISOString();
          return files().publish(staged, name, { createdAt: deps.clocks.service.now().toISOString(), takenAt });
        } catch (err) {
          files().discard(staged);
          throw err;
        }
      });
    },

    restore(res: Response, name: string): Promise<{ name: string; now: string }> {
      checkName(name);
      if (!files().exists(name)) throw notFound(`La instantánea «${name}»`);
      return stillWorld(res, async () => {
        await bringBack(res, files().named(name), 'restore');
        return { name, now: deps.clocks.service.now().toISOString() };
      });
    },

    remove(name: string): { name: string; deleted: true } {
      checkName(name);
      if (!files().exists(name)) throw notFound(`La instantánea «${name}»`);
      files().remove(name);
      return { name, deleted: true };
    },

    reset(res: Response): Promise<{ now: string }> {
      return stillWorld(res, async () => {
        await bringBack(res, await ensureBaseline(), 'reset');
        // A new data dir has no platform fault either (faults are a live switch, not stored state).
        await Promise.all(PLATFORMS.map((p) => deps.simulators.setFault(p, 'none')));
        return { now: deps.clocks.service.now().toISOString() };
      });
    },
  };
}

export type WorldService = ReturnType<typeof createWorldService>;
