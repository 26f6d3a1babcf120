import { betweenAdvances } from '../clock/service.ts';
import type { Deps } from '../deps.ts';
import { AppError, setStoppedMeans } from '../errors.ts';
import { withBackgroundPaused } from '../snapshots/background.ts';
import type { SyncRunner } from '../sync/runner.ts';
import type { TenantGates } from '../world-snapshots/tenant-gate.ts';
import { createTenantPurge } from './purge.ts';
import { createUnfinishedBuilds } from '../fixtures/unfinished.ts';
import type { TenantStore } from './store.ts';

/** What a stop of serve makes of a deletion under way (its rows go in turns: purge.ts). */
export const HALF_DELETED = 'el mundo a medio borrar se termina de borrar al volver a arrancar serve';
export const SOME_DELETED = 'los mundos ya borrados no vuelven, el que estuviera a medio borrar se termina de borrar al volver a arrancar serve, y los demás quedan como estaban';

type Answering = { locals: Record<string, unknown> };

interface Collaborators {
  store: TenantStore;
  /** The world's own gate: its requests under way finish first, its new ones wait (then answer 401). */
  gates: TenantGates;
  sync: SyncRunner;
  jobs: { pause(tenantId?: string): Promise<() => void> };
  onDeleted?: ((tenantId: string) => void)[];
}

/**
 * Deletes tenants with their data here and their records on the platforms, each while its own world
 * stands still, as a world restore does: every other world goes on. Shared by the control API and
 * the dashboard.
 */
export function createWorldDeletion(deps: Deps, { store, gates, sync, jobs, onDeleted = [] }: Collaborators) {
  const purge = createTenantPurge(deps.db);
  const unfinished = createUnfinishedBuilds(deps.db);
  // Its own requests and control calls on it wait (its gate), the background work pauses between
  // two steps, and no clock advance runs meanwhile (clock/service.ts); other worlds' requests go on.
  const deleteOne = (id: string, marked: () => void): Promise<void> =>
    gates.exclusive(id, () =>
      withBackgroundPaused(sync, jobs, () => betweenAdvances(deps, async () => {
        // Checked again once alone: a deletion, or a fixture that failed, may have gone first.
        store.requireTenant(id);
        // Marked from here on: cut off (serve stopped or killed) with its platform records or its rows
        // half gone (its rows go in turns: purge.ts), the world is deleted whole at the next start.
        unfinished.started(id, 'deletion');
        marked();
        // The platforms first: when they fail, the world is still whole here and the delete can be tried again.
        try {
          await deps.simulators.deleteFleet(id);
        } catch (err) {
          unfinished.ended(id);
          throw err;
        }
        await purge(id);
        unfinished.ended(id);
        // What a world keeps in memory beside its rows (its fault rules, its snapshots) goes with it; the
        // platforms drop the fleet's snapshot copies with its records.
        for (const forget of onDeleted) forget(id);
        // Its requests a `delay` rule holds are refused now (401: their key is gone), not after the delay.
        gates.overtakeHeld(id);
      }), id),
    );

  return {
    /** `answering`: its request, which a stop of serve answers saying what becomes of the world. */
    async one(id: string, answering?: Answering): Promise<void> {
      store.requireTenant(id);
      // Until the world is marked, a stop leaves it as it was: what `stopping` says by default.
      await deleteOne(id, () => answering && setStoppedMeans(answering, HALF_DELETED));
    },

    /**
     * Every tenant whose name starts with `prefix` (what a suite names its worlds with), newest
     * first. A world still being built by a fixture is deleted once built (the build holds its
     * world's gate); one another call deleted meanwhile is left out of the answer.
     */
    async byNamePrefix(prefix: string, answering?: Answering): Promise<string[]> {
      const deleted: string[] = [];
      for (const { id } of namedWith(store.listTenants(), prefix)) {
        try {
          await deleteOne(id, () => answering && setStoppedMeans(answering, SOME_DELETED));
          deleted.push(id);
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
        }
      }
      return deleted;
    },
  };
}

/** The worlds a name prefix selects: case-sensitive, as the bulk delete and the dashboard's filter read it. */
export const namedWith = <T extends { name: string }>(tenants: readonly T[], prefix: string): T[] => tenants.filter((t) => t.name.startsWith(prefix));

export type WorldDeletion = ReturnType<typeof createWorldDeletion>;
