import type { Db } from '../db/open.ts';
import { computePlatformSync, type PlatformSync } from '../assignments/platform-sync.ts';
import type { AssignmentRow } from '../assignments/store.ts';
import { createBindingStore } from '../bindings/store.ts';
import { createInvitationStore } from '../invitations/store.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import type { TransitionRecorder } from './recorder.ts';

type Watched = Pick<AssignmentRow, 'id' | 'tenant_id' | 'vehicle_id' | 'driver_id'>;

/** What a write touches: the active assignment of a vehicle, of a driver, or one assignment. */
export type SyncSubject = 'vehicle' | 'driver' | 'assignment';

/**
 * An active assignment's platformSync is computed from its vehicle's registrations, its driver's
 * invitations and its bindings (assignments/platform-sync.ts), never stored while it is active: it
 * changes when one of those is written. So each such write runs inside `around`, which compares the
 * value before and after for the assignments the write can move. Writes only: reads pay nothing.
 */
export function createPlatformSyncWatch(db: Db, recorder: TransitionRecorder) {
  const registrations = createRegistrationStore(db);
  const invitations = createInvitationStore(db);
  const bindings = createBindingStore(db);
  const columns = `SELECT id, tenant_id, vehicle_id, driver_id FROM assignments WHERE status = 'active'`;
  const activeOf: Record<SyncSubject, ReturnType<Db['prepare']>> = {
    vehicle: db.prepare(`${columns} AND vehicle_id = ?`),
    driver: db.prepare(`${columns} AND driver_id = ?`),
    assignment: db.prepare(`${columns} AND id = ?`),
  };

  const syncOf = (a: Watched): PlatformSync =>
    computePlatformSync({
      registrations: registrations.forVehicles([a.vehicle_id]).get(a.vehicle_id) ?? [],
      invitations: invitations.forDrivers([a.driver_id]).get(a.driver_id) ?? [],
      bindings: bindings.forAssignments([a.id]).get(a.id) ?? [],
    });

  /** Runs `write` in one transaction and counts the platformSync it moved. */
  return function around<T>(subject: SyncSubject, id: string, write: () => T): T {
    return db.transaction(() => {
      const watched = (activeOf[subject].all(id) as Watched[]).map((a) => ({ a, before: syncOf(a) }));
      const result = write();
      for (const { a, before } of watched) recorder.record(a.tenant_id, 'assignment.platformSync', before, syncOf(a));
      return result;
    })();
  };
}

export type PlatformSyncWatch = ReturnType<typeof createPlatformSyncWatch>;
