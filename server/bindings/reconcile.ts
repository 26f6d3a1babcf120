import type { Db } from '../db/open.ts';
import type { Logger } from '../lib/logger.ts';
import { PLATFORMS, type Platform } from '../common/schemas.ts';
import { AppError } from '../errors.ts';
import type { AssignmentRow } from '../assignments/store.ts';
import type { PlatformBinding } from '../platforms/simulator-control-client.ts';
import type { BindingRow, BindingStore } from './store.ts';
import type { WorldReading, WorldTurns } from '../sync/runner.ts';
import { byWorld, syncWorldByWorld } from '../sync/sync-each.ts';

export type Pair = Pick<AssignmentRow, 'vehicle_id' | 'driver_id'>;

export interface ReconcilerDeps {
  db: Db;
  logger: Logger;
  store: BindingStore;
  /** What the platform itself holds now (the simulators' control surface): in every fleet, or in one. */
  listHeld(platform: Platform, fleetId?: string): Promise<PlatformBinding[]>;
  /** Queued behind the pair's other calls; re-checks the row when its turn comes. */
  repush(a: AssignmentRow, platform: Platform, seen: BindingRow): Promise<void>;
  /** Queued behind the pair's other calls; re-checks that no active assignment wants the pair. */
  unbindStray(platform: Platform, pair: Pair): Promise<void>;
}

const keyOf = (vehicleId: string, driverId: string) => `${vehicleId}|${driverId}`;
const isOutage = (err: unknown): err is AppError => err instanceof AppError && err.code === 'PLATFORM_UNAVAILABLE';

/**
 * Level-triggered reconciliation (docs/decisions.md): compares what the active assignments want on a
 * platform with what the platform holds, and converges. A `synced` binding the platform lost is
 * bound again; a binding the platform holds for none of our active assignments is unbound. Rows are
 * read before the platform's list, so a bind that lands meanwhile is never taken for a lost one
 * (the row changed); the queued calls re-check the database when their turn comes.
 */
export function createReconciler(deps: ReconcilerDeps) {
  // The world of a vehicle this API knows; undefined for one it does not.
  const worldOfVehicle = deps.db.prepare('SELECT tenant_id FROM vehicles WHERE id = ?').pluck();

  /** Throws an outage (the companion down or being replaced) once the pass is done: the world is compared again. */
  async function reconcile(platform: Platform, tenantId?: string): Promise<void> {
    const synced = deps.store.syncedOn(platform, tenantId);
    await compare(platform, tenantId, synced, await deps.listHeld(platform, tenantId));
  }

  /**
   * Every world, each compared in its own turn (sync/runner.ts) rather than all in one turn of every
   * world, which waited for every world's work under way (a slow world's advance: seconds) and held
   * all the work asked for after it. The rows, then one list of every world's bindings, are read
   * outside the turns; a world whose work ended meanwhile (a restore, a save, its own run: the list
   * may be older than the world) reads its own rows and list again in its turn.
   */
  async function inTurns(platform: Platform, turns: WorldTurns): Promise<void> {
    const stamp = turns.stamp();
    const synced = deps.store.syncedOn(platform);
    const held = await deps.listHeld(platform);
    const syncedOf = byWorld(synced, (s) => s.assignment.tenant_id);
    // A vehicle this API does not know (no world) is not this pass's to undo.
    const heldOf = byWorld(held, (b) => worldOfVehicle.get(b.vehicleExternalId) as string | undefined);
    const worlds = [...new Set([...syncedOf.keys(), ...heldOf.keys()])];
    await syncWorldByWorld(worlds, async (world) => {
      if (turns.changedSince(world, stamp)) await reconcile(platform, world);
      else await compare(platform, world, syncedOf.get(world) ?? [], heldOf.get(world) ?? []);
    }, turns);
  }

  /** The rows (read before the list) against the platform's list, for one world or every world. */
  async function compare(platform: Platform, tenantId: string | undefined, synced: ReturnType<BindingStore['syncedOn']>, held: PlatformBinding[]): Promise<void> {
    let outage: AppError | null = null;
    const holds = new Set(held.map((b) => keyOf(b.vehicleExternalId, b.driverExternalId)));
    for (const { assignment, binding } of synced) {
      if (!holds.has(keyOf(assignment.vehicle_id, assignment.driver_id))) await deps.repush(assignment, platform, binding);
    }
    // Read after the list: an assignment made before the list was read is never taken for a stray.
    const wanted = new Set(deps.store.activePairs(tenantId).map((p) => keyOf(p.vehicle_id, p.driver_id)));
    const owed = new Set(deps.store.owedUnbinds(platform, tenantId).map((p) => keyOf(p.vehicle_id, p.driver_id)));
    for (const b of held) {
      const key = keyOf(b.vehicleExternalId, b.driverExternalId);
      // A vehicle this API does not know, or an unbind the release task already owes, is not this pass's to undo.
      if (wanted.has(key) || owed.has(key) || worldOfVehicle.get(b.vehicleExternalId) === undefined) continue;
      await deps.unbindStray(platform, { vehicle_id: b.vehicleExternalId, driver_id: b.driverExternalId }).catch((err) => {
        // An outage is retried by the next run; a refusal must not stop the rest of the pass either.
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'PLATFORM_UNAVAILABLE') outage ??= err;
        else deps.logger.warn('stray binding not unbound', { platform, vehicleId: b.vehicleExternalId, error: err.message });
      });
    }
    if (outage) throw outage;
  }

  return {
    /**
     * One pass over every platform, for every world or one (a fleet is a tenant); an outage of one
     * platform does not stop the other, and fails the pass once both are done: the sync runner then
     * visits the world again at its next run, changed or not (sync/runner.ts).
     */
    async run(tenantId?: string, reading?: WorldReading): Promise<void> {
      let outage: unknown = null;
      for (const platform of PLATFORMS) {
        try {
          if (tenantId === undefined && reading?.stamp && reading.changedSince) await inTurns(platform, reading as WorldTurns);
          else await reconcile(platform, tenantId);
        } catch (err) {
          if (!isOutage(err)) throw err;
          outage ??= err;
        }
      }
      if (outage) throw outage;
    },
  };
}
