import type { Deps } from '../deps.ts';
import type { WorldAlone } from '../world-snapshots/tenant-gate.ts';
import { createBulkDrop, createTenantPurge } from './purge.ts';
import type { TenantStore } from './store.ts';

/**
 * Deletes tenants with their data here and their records on the platforms, each world alone (its
 * requests held, the background paused for it) while every other world goes on. Shared by the
 * control API and the dashboard.
 */
export function createWorldDeletion(
  deps: Deps,
  { store, alone, onDeleted = [] }: { store: TenantStore; alone: WorldAlone; onDeleted?: ((tenantId: string) => void)[] },
) {
  const purge = createTenantPurge(deps.db);
  const dropBulk = createBulkDrop(deps.db);
  const deleteOne = (id: string) => alone(id, async () => {
    // The platforms first: when they fail, the world is still whole here and the delete can be tried again.
    await deps.simulators.deleteFleet(id);
    await dropBulk(id);
    purge(id);
    // What a world keeps in memory beside its rows (its fault rules, its snapshots) goes with it; the
    // platforms drop the fleet's snapshot copies with its records.
    for (const forget of onDeleted) forget(id);
  });

  return {
    async one(id: string): Promise<void> {
      store.requireTenant(id);
      await deleteOne(id);
    },

    /**
     * Every tenant whose name starts with `prefix` (what a suite names its worlds with) when the call
     * starts, newest first, one world at a time.
     */
    async byNamePrefix(prefix: string): Promise<string[]> {
      const ids = namedWith(store.listTenants(), prefix).map((t) => t.id);
      for (const id of ids) await deleteOne(id);
      return ids;
    },
  };
}

/** The worlds a name prefix selects: case-sensitive, as the bulk delete and the dashboard's filter read it. */
export const namedWith = <T extends { name: string }>(tenants: readonly T[], prefix: string): T[] => tenants.filter((t) => t.name.startsWith(prefix));

export type WorldDeletion = ReturnType<typeof createWorldDeletion>;
