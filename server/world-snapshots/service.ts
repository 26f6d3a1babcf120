import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { withBackgroundPaused } from '../snapshots/background.ts';
import { checkName } from '../snapshots/service.ts';
import type { SyncRunner } from '../sync/runner.ts';
import { createTenantStore } from '../tenants/store.ts';
import { createWorldRows } from './rows.ts';
import type { TenantGates } from './tenant-gate.ts';

export interface WorldSnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

interface Collaborators {
  gates: TenantGates;
  sync: SyncRunner;
  jobs: { pause(): Promise<() => void> };
}

type WorldSnapshotDeps = Pick<Deps, 'db' | 'clocks' | 'simulators'>;


const keyOf = (tenantId: string, name: string) => `${tenantId}/${name}`;

/**
 * World snapshots (contract §5): one tenant's rows here and its records on the platforms, saved and
 * put back while every other world goes on. Only that world's requests wait (tenant-gate.ts); the
 * background sync and the job worker pause between two of their steps, as for a whole restore, so no
 * step of theirs straddles the change. Copies live in memory (both processes): a restart loses them.
 */
export function createWorldSnapshots(deps: WorldSnapshotDeps, { gates, sync, jobs }: Collaborators) {
  const rows = createWorldRows(deps.db);
  const tenants = createTenantStore(deps.db);
  const saved = new Map<string, Map<string, WorldSnapshotInfo>>();

  const { requireTenant } = tenants;
  const requireSnapshot = (tenantId: string, name: string): WorldSnapshotInfo => {
    checkName(name);
    requireTenant(tenantId);
    const info = saved.get(tenantId)?.get(name);
    if (!info) throw notFound('La instantánea');
    return info;
  };

  /** With the world's requests held, the sync between two runs and the job worker paused. */
  const alone = <T>(tenantId: string, change: () => Promise<T>): Promise<T> =>
    gates.exclusive(tenantId, () => withBackgroundPaused(sync, jobs, change, tenantId));

  /**
   * The clash check first (409, nothing changed), then the platforms, then this side in one
   * transaction; if that fails (another world took a value meanwhile), the platforms undo theirs.
   */
  async function putBack(tenantId: string, name: string): Promise<void> {
    const key = keyOf(tenantId, name);
    rows.assertNoClash(key, name);
    await deps.simulators.restoreFleet(tenantId, name);
    try {
      rows.putBack(tenantId, key, name);
    } catch (err) {
      await deps.simulators.undoFleetRestore(tenantId).catch(() => undefined);
      throw err;
    }
  }

  return {
    async save(tenantId: string, name: string): Promise<WorldSnapshotInfo & { tenant: string }> {
      checkName(name);
      requireTenant(tenantId);
      return alone(tenantId, async () => {
        const sizeBytes = rows.save(tenantId, keyOf(tenantId, name));
        const platforms = await deps.simulators.saveFleet(tenantId, name);
        const info = { name, createdAt: deps.clocks.forTenant(tenantId).now().toISOString(), sizeBytes: sizeBytes + platforms.sizeBytes };
        if (!saved.has(tenantId)) saved.set(tenantId, new Map());
        saved.get(tenantId)!.set(name, info);
        return { ...info, tenant: tenantId };
      });
    },

    /** Newest first, ties by name, like the testbed's snapshots. */
    list(tenantId: string): WorldSnapshotInfo[] {
      requireTenant(tenantId);
      return [...(saved.get(tenantId)?.values() ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
    },

    async restore(tenantId: string, name: string): Promise<{ name: string; now: string }> {
      requireSnapshot(tenantId, name);
      return alone(tenantId, async () => {
        await putBack(tenantId, name);
        return { name, now: deps.clocks.forTenant(tenantId).now().toISOString() };
      });
    },

    async remove(tenantId: string, name: string): Promise<{ name: string; deleted: true }> {
      requireSnapshot(tenantId, name);
      saved.get(tenantId)!.delete(name);
      rows.drop(keyOf(tenantId, name));
      await deps.simulators.deleteFleetSnapshot(tenantId, name);
      return { name, deleted: true };
    },

    /** The tenant is deleted: its copies go (the platforms drop theirs with the fleet). */
    forget(tenantId: string): void {
      saved.delete(tenantId);
      rows.dropPrefix(`${tenantId}/`);
    },

    /** A reset or whole restore replaced every world: no world snapshot fits any more (the platforms drop theirs). */
    forgetAll(): void {
      saved.clear();
      rows.dropPrefix('');
    },
  };
}

export type WorldSnapshots = ReturnType<typeof createWorldSnapshots>;
