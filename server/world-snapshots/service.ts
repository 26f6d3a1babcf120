import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { mexicoCityDate } from '../lib/mexico-city.ts';
import { withBackgroundPaused } from '../snapshots/background.ts';
import { checkName } from '../snapshots/service.ts';
import { failureMessage, type SyncFailure, type SyncRunner } from '../sync/runner.ts';
import { createTenantStore } from '../tenants/store.ts';
import { createRowsKeeper, type StartRowsThread } from './rows-keeper.ts';
import type { TenantGates } from './tenant-gate.ts';
import type { WorldReads } from '../ingestion/ingest.ts';
import type { Seen } from '../ingestion/throttle.ts';
import { createWorldGenerations } from './world-generation.ts';
import { createWorldNumberKeeper } from '../fixtures/unique.ts';

export interface WorldSnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

interface Collaborators {
  gates: TenantGates;
  sync: SyncRunner;
  jobs: { pause(tenantId?: string): Promise<() => void> };
  /** How the rows' thread is started (a test holds it inside a put-back); rows-keeper.ts's by default. */
  startRowsThread?: StartRowsThread;
  /** Where the background ingestion last read each world (ingestion/ingest.ts): saved and put back with it. */
  reads?: WorldReads;
  /** Produces and ingests a world's days of rides (ingestion/generate.ts): the days a restore leaves behind its clock. */
  generateRides?: (body: { tenantId: string; from: string; to: string }) => Promise<unknown>;
  /** Reads a world's rides as the background does (ingestion/ingest.ts `syncDue`): what failed, if anything. */
  readRides?: (tenantId: string) => Promise<{ message: string }[]>;
}

type WorldSnapshotDeps = Pick<Deps, 'db' | 'clocks' | 'simulators' | 'logger'>;

const keyOf = (tenantId: string, name: string) => `${tenantId}/${name}`;
/** Why a snapshot asked for is gone, when it was deleted. */
const DELETED = 'se borró';
/** Deleted names a world remembers, the last ones: a test restores a name its cleanup just deleted. */
export const DELETED_REMEMBERED = 100;

/**
 * World snapshots (contract §5): one tenant's rows here and its records on the platforms, saved and
 * put back while every other world goes on. Only that world's requests wait (tenant-gate.ts); the
 * background sync and the job worker pause between two of their steps, as for a whole restore, so no
 * step of theirs straddles the change. The rows' copies live in memory in a thread of their own,
 * where the put-back runs off the event loop (rows-keeper.ts), the platforms' in the companion's
 * file (simulators/main.ts), which a companion started in place of one that died opens again: a
 * restart of serve loses them.
 */
export function createWorldSnapshots(deps: WorldSnapshotDeps, { gates, sync, jobs, startRowsThread, reads, generateRides, readRides }: Collaborators) {
  const saved = new Map<string, Map<string, WorldSnapshotInfo>>();
  // What the background work knew of the world as each copy was saved (by key), put back with it:
  // `inSync`, every change of its platform records stored (both sides are then again a pair the sync
  // need not read: sync/runner.ts, `markStored`); `lastRead`, the rides' last read (the same advance
  // again reads the rides again: ingestion/throttle.ts).
  const known = new Map<string, { inSync: boolean; lastRead: Seen | undefined; serviceAt: string; worldAt: string }>();
  // Threads lost so far: a save that saw one go between its two halves kept no copy of the rows.
  let threadsLost = 0;
  // Times every copy was forgotten (forgetAll): a save under way meanwhile lost its rows' copy too.
  let forgottenAll = 0;
  const worldNumbers = createWorldNumberKeeper(deps.db);
  const generations = createWorldGenerations();
  const rows = createRowsKeeper(deps.db, {
    startThread: startRowsThread,
    onLost: () => {
      threadsLost++;
      deps.logger.error('world snapshots lost: their rows thread stopped');
      saved.clear();
      known.clear();
    },
  });
  const tenants = createTenantStore(deps.db);
  // Dropping copies is housekeeping: a failure there loses nothing a caller could act on.
  const dropLogged = (done: Promise<void>) => void done.catch((err: unknown) => deps.logger.error('world snapshot copies not dropped', { error: String(err) }));

  // Why copies were dropped (all at once, or one deleted), by world and name: asked for later, such a
  // copy is "gone, and why", not merely "does not exist" (a user who saved it and restored the whole
  // testbed since). A world's go with it, and a name saved again leaves.
  const forgottenWhy = new Map<string, string>();
  // The names deleted in each world, oldest first: the last DELETED_REMEMBERED are said deleted.
  const deletedNames = new Map<string, string[]>();
  function rememberDeleted(tenantId: string, name: string): void {
    const names = deletedNames.get(tenantId) ?? [];
    deletedNames.set(tenantId, names);
    names.push(name);
    forgottenWhy.set(keyOf(tenantId, name), DELETED);
    // A world that saves and deletes a new name for each test must not grow the map without end.
    const oldest = names.length > DELETED_REMEMBERED ? names.shift()! : null;
    if (oldest !== null && !names.includes(oldest) && forgottenWhy.get(keyOf(tenantId, oldest)) === DELETED) forgottenWhy.delete(keyOf(tenantId, oldest));
  }
  const { requireTenant } = tenants;
  const requireSnapshot = (tenantId: string, name: string): WorldSnapshotInfo => {
    checkName(name);
    requireTenant(tenantId);
    const info = saved.get(tenantId)?.get(name);
    const why = forgottenWhy.get(keyOf(tenantId, name));
    if (!info && why) throw new AppError('NOT_FOUND', `La instantánea «${name}» de este mundo ya no existe: ${why}. Guárdala de nuevo.`);
    // Kept in memory (docs/control-api.md): one saved before serve last started is gone, and a test
    // that meets the 404 after a restart (a container's, say) is told why it may be.
    if (!info) throw new AppError('NOT_FOUND', `La instantánea «${name}» de este mundo no existe: no se guardó con ese nombre, se borró, o la quitó un reinicio de serve, un reset o la restauración de una instantánea de todo el testbed (las de un mundo duran lo que dura serve).`);
    return info;
  };

  /** The copy leaves the list: its rows alone would put back a world the platforms do not hold. */
  function drop(tenantId: string, name: string): Promise<void> {
    saved.get(tenantId)?.delete(name);
    known.delete(keyOf(tenantId, name));
    return rows.drop(keyOf(tenantId, name));
  }

  /**
   * A half is gone: the platforms' copy was lost (saved as their process died, its answer lost; or a
   * file of copies the new process could not read: simulators/common/fleet-snapshots.ts).
   */
  function lost(tenantId: string, name: string): AppError {
    dropLogged(drop(tenantId, name));
    return new AppError('NOT_FOUND', `La instantánea «${name}» de este mundo ya no existe: su copia en las plataformas se perdió (los simuladores se reiniciaron mientras se guardaba, o no pudieron leer sus copias). Guárdala de nuevo.`);
  }

  /** With the world's requests held, the sync between two runs and the job worker paused. */
  const alone = <T>(tenantId: string, change: () => Promise<T>): Promise<T> =>
    gates.exclusive(tenantId, () => withBackgroundPaused(sync, jobs, change, tenantId));

  /**
   * The clash check first (409, nothing changed), then the platforms, then this side in one
   * transaction; if that fails (another world took a value meanwhile), the platforms undo theirs.
   * First the rows' thread compares the world's rides and daily rows with the copy (a read, outside
   * the put-back's write lock, which other worlds' writes wait for). Not while the platforms restore:
   * the two side by side took both cores, and other worlds' reads waited for them (docs/performance.md).
   */
  async function putBack(tenantId: string, name: string, onPutBack?: () => void): Promise<SyncFailure[]> {
    const key = keyOf(tenantId, name);
    const lostIfGone = (err: unknown): never => {
      throw err instanceof AppError && err.code === 'NOT_FOUND' ? lost(tenantId, name) : err;
    };
    await rows.assertNoClash(key, name).catch(lostIfGone);
    // A comparison that failed is made again inside the put-back.
    await rows.compareBulk(tenantId, key).catch((err: unknown) =>
      deps.logger.warn('world rows not compared ahead; the put-back compares them', { tenantId, error: err instanceof Error ? err.message : String(err) }));
    const restored = await deps.simulators.restoreFleet(tenantId, name).catch(lostIfGone);
    const worldNumber = worldNumbers.of(tenantId);
    try {
      await rows.putBack(tenantId, key, name);
    } catch (err) {
      await deps.simulators.undoFleetRestore(tenantId).catch(() => undefined);
      lostIfGone(err);
    }
    worldNumbers.keep(tenantId, worldNumber);
    // Put back on both sides: from here on the restore is whole, and what the caller clears with it goes now.
    onPutBack?.();
    // Put back unchanged, the platforms' half moves no change number: a copy not in step is read again all the same.
    const copy = known.get(key);
    if (copy?.inSync) sync.markStored(tenantId, restored.seq);
    else sync.readAgain(tenantId);
    reads?.put(tenantId, copy?.lastRead);
    return copy ? catchUp(tenantId, copy) : [];
  }

  /**
   * The world's clock comes back as its offset from the service time, so when the service time has
   * moved since the save (a service-wide advance, a clock that follows real time) the restored world
   * stands that much later than its copy. The days it has so gone through get their rides and daily
   * earnings now, as an advance would have made them (generation is idempotent). Before, those days
   * stayed empty in the world's past until someone generated them. Then the world is read as the
   * background reads it (`readRides`: from its last read, put back with the copy, less the days still
   * settling): put back as the copy had them, platform_b's amounts of the days before the save stood
   * at the save's instant at the world's new now, until a sync read them (a frozen clock: never).
   * What could not be read (a platform down, the world's own platform fault) is answered, as an
   * advance answers it (`notSynced`): the restore is whole all the same, and said only in the log,
   * a test read a world missing days as if it had them.
   */
  async function catchUp(tenantId: string, copy: { serviceAt: string; worldAt: string }): Promise<SyncFailure[]> {
    if (!generateRides || copy.serviceAt === deps.clocks.service.now().toISOString()) return [];
    const notSynced: SyncFailure[] = [];
    const unread = (message: string): SyncFailure => ({ task: 'rides', tenant: tenantId, message });
    const [from, to] = [mexicoCityDate(Date.parse(copy.worldAt)), mexicoCityDate(deps.clocks.forTenant(tenantId).nowMs())];
    try {
      await generateRides({ tenantId, from, to });
    } catch (err) {
      // The restore is whole; those days can be generated again (rides generate), or come with the next advance.
      deps.logger.warn('restored world\'s days not generated', { tenantId, from, to, error: err instanceof Error ? err.message : String(err) });
      notSynced.push(unread(failureMessage(err)));
    }
    // What it could not read stays due: the next sync reads it (the world's last read is the copy's).
    const failures = await readRides?.(tenantId).catch((err: unknown) => [{ message: failureMessage(err) }]);
    if (failures?.length) deps.logger.warn('restored world\'s settling days not read', { tenantId, failures: failures.map((f) => f.message) });
    // One line per cause: the generation's failure is usually the reading's too.
    for (const { message } of failures ?? []) if (!notSynced.some((f) => f.message === message)) notSynced.push(unread(message));
    return notSynced;
  }

  return {
    async save(tenantId: string, name: string): Promise<WorldSnapshotInfo & { tenant: string }> {
      checkName(name);
      requireTenant(tenantId);
      return alone(tenantId, async () => {
        // Again once alone: a deletion of the world queued first has gone meanwhile (a 201 then left
        // a copy of a world that no longer was, listed under a name nothing could restore or delete).
        requireTenant(tenantId);
        const lostBefore = threadsLost;
        const forgottenBefore = forgottenAll;
        const key = keyOf(tenantId, name);
        // A save under a name already used replaces its rows first: if the platforms' half fails, the
        // pair left under the name is no longer one in step.
        const before = known.get(key);
        if (before) before.inSync = false;
        const sizeBytes = await rows.save(tenantId, key);
        const platforms = await deps.simulators.saveFleet(tenantId, name);
        // Never listed without its rows: a restore of it would have nothing to put back.
        if (threadsLost !== lostBefore) throw new Error('world rows thread stopped during the save: its copy is gone');
        if (forgottenAll !== forgottenBefore) {
          // The simulators were replaced as it saved: its rows' copy went with the others'.
          await deps.simulators.deleteFleetSnapshot(tenantId, name).catch(() => undefined);
          throw new AppError('PLATFORM_UNAVAILABLE', `Los simuladores de las plataformas se reiniciaron mientras se guardaba «${name}»: no se guardó; guárdala de nuevo.`, null, { 'Retry-After': '1' });
        }
        const createdAt = deps.clocks.forTenant(tenantId).now().toISOString();
        known.set(key, { inSync: sync.storedThrough(tenantId, platforms.seq), lastRead: reads?.of(tenantId), serviceAt: deps.clocks.service.now().toISOString(), worldAt: createdAt });
        const info = { name, createdAt, sizeBytes: sizeBytes + platforms.sizeBytes };
        if (!saved.has(tenantId)) saved.set(tenantId, new Map());
        // Saved again: it moves to the end, where the newest save is (list() reads them backwards).
        saved.get(tenantId)!.delete(name);
        saved.get(tenantId)!.set(name, info);
        forgottenWhy.delete(key);
        return { ...info, tenant: tenantId };
      });
    },

    /** How many dropped copies are remembered with their reason (they never outlive their world). */
    forgottenCount: (): number => forgottenWhy.size,

    /** The worlds that have a snapshot by this name (a whole snapshot's 404 says where it is). */
    worldsHolding: (name: string): string[] => [...saved].filter(([, names]) => names.has(name)).map(([tenantId]) => tenantId),

    /**
     * The last saved first, as the testbed's snapshots (by when they were taken). Not by the world's
     * time: a frozen clock gave every save the same createdAt (then they came by name), and a world
     * rewound by a restore saves later snapshots at an earlier time.
     */
    list(tenantId: string): WorldSnapshotInfo[] {
      requireTenant(tenantId);
      return [...(saved.get(tenantId)?.values() ?? [])].reverse();
    },

    /**
     * `also.onPutBack` runs once both sides are put back, before the days since the save are read
     * (a world's fault rules cleared there cannot hold that reading); `also.beforeReopen` once the
     * restore is whole, before the world's held requests go on (its journal cleared there misses
     * none of theirs). A restore refused (404, 409) or failed runs neither.
     */
    async restore(tenantId: string, name: string, also: { onPutBack?: () => void; beforeReopen?: () => void } = {}): Promise<{ name: string; now: string; notSynced: SyncFailure[] }> {
      requireSnapshot(tenantId, name);
      return alone(tenantId, async () => {
        // Again once alone, for the same reason: a world deleted meanwhile is a 404 for its tenant,
        // not a copy "lost when the simulators restarted".
        requireSnapshot(tenantId, name);
        const notSynced = await putBack(tenantId, name, also.onPutBack);
        generations.restored(tenantId);
        also.beforeReopen?.();
        // Once it is put back, not before: a restore refused (409, 404) or failed left the world as it
        // was, and a request a delay held goes on in it. The gate is still closed: none gets in between.
        gates.overtakeHeld(tenantId);
        return { name, now: deps.clocks.forTenant(tenantId).now().toISOString(), notSynced };
      });
    },

    /**
     * Alone in its world, as a save and a restore are: a restore already queued keeps its copy. The
     * platforms' half first (their delete is idempotent): when they fail (503), the copy is still
     * whole and listed, and deleting it again finishes the job.
     */
    async remove(tenantId: string, name: string): Promise<{ name: string; deleted: true }> {
      requireSnapshot(tenantId, name);
      return alone(tenantId, async () => {
        requireSnapshot(tenantId, name);
        await deps.simulators.deleteFleetSnapshot(tenantId, name);
        await drop(tenantId, name);
        // Asked for later (a test restoring a name a cleanup deleted), it says so, not "a restart or a reset".
        rememberDeleted(tenantId, name);
        return { name, deleted: true as const };
      });
    },

    /** Refuses work begun on a state of the world a restore has since replaced (world-generation.ts); with its gate held. */
    checkGeneration: generations.check,

    /** The tenant is deleted: its copies go (the platforms drop theirs with the fleet). */
    forget(tenantId: string): void {
      generations.forget(tenantId);
      saved.delete(tenantId);
      deletedNames.delete(tenantId);
      for (const byKey of [forgottenWhy, known]) for (const key of byKey.keys()) if (key.startsWith(`${tenantId}/`)) byKey.delete(key);
      dropLogged(rows.dropPrefix(`${tenantId}/`));
    },

    /**
     * A reset or whole restore replaced every world: no world snapshot fits any more (the platforms
     * drop theirs). `why` completes "ya no existe: …" when one of them is asked for later.
     */
    forgetAll(why = 'un reset o la restauración de una instantánea de todo el testbed reemplazó todos los mundos'): void {
      forgottenAll++;
      generations.forgetAll();
      // Only worlds still there can ask (a reset removes the others): the map never outgrows the worlds.
      for (const [tenantId, names] of saved) if (tenants.getTenant(tenantId)) for (const name of names.keys()) forgottenWhy.set(keyOf(tenantId, name), why);
      for (const key of forgottenWhy.keys()) if (!tenants.getTenant(key.slice(0, key.indexOf('/')))) forgottenWhy.delete(key);
      for (const tenantId of deletedNames.keys()) if (!tenants.getTenant(tenantId)) deletedNames.delete(tenantId);
      saved.clear();
      known.clear();
      dropLogged(rows.dropPrefix(''));
    },

    /** Ends the rows' thread (serve's shutdown), after what was handed to it. */
    close: (): Promise<void> => rows.close(),
  };
}

export type WorldSnapshots = ReturnType<typeof createWorldSnapshots>;
