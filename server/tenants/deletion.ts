import type { Response } from 'express';
import type { Deps } from '../deps.ts';
import type { WorldService } from '../snapshots/service.ts';
import { createTenantPurge } from './purge.ts';
import type { TenantStore } from './store.ts';

/**
 * Deletes tenants with their data here and their records on the platforms, while the world stands
 * still. Shared by the control API and the dashboard.
 */
export function createWorldDeletion(
  deps: Deps,
  { store, world, onDeleted = [] }: { store: TenantStore; world: WorldService; onDeleted?: ((tenantId: string) => void)[] },
) {
  const purge = createTenantPurge(deps.db);
  const deleteOne = async (id: string) => {
    // The platforms first: when they fail, the world is still whole here and the delete can be tried again.
    await deps.simulators.deleteFleet(id);
    purge(id);
    // What a world keeps in memory beside its rows (its fault rules, its snapshots) goes with it; the
    // platforms drop the fleet's snapshot copies with its records.
    for (const forget of onDeleted) forget(id);
  };

  return {
    async one(res: Response, id: string): Promise<void> {
      store.requireTenant(id);
      await world.alone(res, () => deleteOne(id));
    },

    /**
     * Every tenant whose name starts with `prefix` (what a suite names its worlds with), newest
     * first. Names are read once the world stands still, so a world made meanwhile is not missed.
     */
    byNamePrefix(res: Response, prefix: string): Promise<string[]> {
      return world.alone(res, async () => {
        const ids = namedWith(store.listTenants(), prefix).map((t) => t.id);
        for (const id of ids) await deleteOne(id);
        return ids;
      });
    },
  };
}

/** The worlds a name prefix selects: case-sensitive, as the bulk delete and the dashboard's filter read it. */
export const namedWith = <T extends { name: string }>(tenants: readonly T[], prefix: string): T[] => tenants.filter((t) => t.name.startsWith(prefix));

export type WorldDeletion = ReturnType<typeof createWorldDeletion>;
