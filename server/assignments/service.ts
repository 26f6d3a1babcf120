import type { Db } from '../db/open.ts';
import type { Clock } from '../lib/clock.ts';
import type { IdGenerator } from '../lib/ids.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Page } from '../http/pagination.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import { createVehicleStore } from '../vehicles/store.ts';
import { createDriverStore } from '../drivers/store.ts';
import { createInvitationStore } from '../drivers/invitation-store.ts';
import { computePlatformSync, type PlatformSync } from './platform-sync.ts';
import { createAssignmentStore, type AssignmentFilters, type AssignmentRow } from './store.ts';
import { toAssignment, type Assignment } from './view.ts';
import type { CreateAssignment } from './schema.ts';

export interface AssignmentDeps {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
}

export interface Opened {
  row: AssignmentRow;
  /** False when the same pair was already active and that assignment is returned as it is. */
  created: boolean;
}

const missing = (field: 'vehicleId' | 'driverId', what: string) =>
  new AppError('NOT_FOUND', `${what} no existe.`, [{ field, message: 'No existe en esta flota' }]);

export function createAssignmentService(deps: AssignmentDeps) {
  const assignments = createAssignmentStore(deps.db);
  const vehicles = createVehicleStore(deps.db);
  const drivers = createDriverStore(deps.db);
  const registrations = createRegistrationStore(deps.db);
  const invitations = createInvitationStore(deps.db);

  function syncOf(vehicleId: string, driverId: string): PlatformSync {
    return computePlatformSync({
      registrations: registrations.forVehicles([vehicleId]).get(vehicleId) ?? [],
      invitations: invitations.forDrivers([driverId]).get(driverId) ?? [],
    });
  }

  /** Active assignments follow the live platform state; an ended one keeps the state it ended with. */
  function present(rows: AssignmentRow[]): Assignment[] {
    const active = rows.filter((r) => r.status === 'active');
    const regs = registrations.forVehicles(active.map((r) => r.vehicle_id));
    const invs = invitations.forDrivers(active.map((r) => r.driver_id));
    return rows.map((r) => {
      if (r.status === 'ended') return toAssignment(r, r.platform_sync);
      const sync = computePlatformSync({ registrations: regs.get(r.vehicle_id) ?? [], invitations: invs.get(r.driver_id) ?? [] });
      return toAssignment(r, sync);
    });
  }

  /**
   * Opens vehicle ↔ driver, ending in the same transaction the active assignment of the vehicle and
   * that of the driver. Re-posting a pair that is already active returns it unchanged: ending and
   * reopening would only make the platforms unbind and bind the driver again for nothing.
   * Safe to call inside an outer transaction (driver creation): better-sqlite3 nests it as a savepoint.
   */
  function open(tenantId: string, vehicleId: string, driverId: string): Opened {
    if (!vehicles.get(tenantId, vehicleId)) throw missing('vehicleId', 'El vehículo');
    if (!drivers.get(tenantId, driverId)) throw missing('driverId', 'El conductor');
    return deps.db.transaction((): Opened => {
      const active = assignments.activeOf(vehicleId, driverId);
      const same = active.find((a) => a.vehicle_id === vehicleId && a.driver_id === driverId);
      if (same) return { row: same, created: false };
      const now = deps.clock.now().toISOString();
      for (const a of active) assignments.end(a.id, now, syncOf(a.vehicle_id, a.driver_id));
      const row: AssignmentRow = {
        id: deps.ids.next(),
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        driver_id: driverId,
        status: 'active',
        platform_sync: syncOf(vehicleId, driverId),
        started_at: now,
        ended_at: null,
        created_at: now,
      };
      assignments.insert(row);
      return { row, created: true };
    })();
  }

  function create(tenantId: string, input: CreateAssignment): { assignment: Assignment; created: boolean } {
    const { row, created } = open(tenantId, input.vehicleId, input.driverId);
    return { assignment: present([row])[0], created };
  }

  function requireRow(tenantId: string, id: string): AssignmentRow {
    const row = assignments.get(tenantId, id);
    if (!row) throw notFound('La asignación');
    return row;
  }

  function get(tenantId: string, id: string): Assignment {
    return present([requireRow(tenantId, id)])[0];
  }

  function list(tenantId: string, filters: AssignmentFilters, limit: number, startingAfter?: string): Page<Assignment> {
    const { rows, hasMore } = assignments.list(tenantId, filters, limit, startingAfter);
    return { data: present(rows), hasMore };
  }

  /** Ending an ended assignment is a no-op that answers it as it is, so a retried DELETE is safe. */
  function end(tenantId: string, id: string): Assignment {
    const row = requireRow(tenantId, id);
    if (row.status === 'ended') return present([row])[0];
    const now = deps.clock.now().toISOString();
    const sync = syncOf(row.vehicle_id, row.driver_id);
    assignments.end(row.id, now, sync);
    return present([{ ...row, status: 'ended', ended_at: now, platform_sync: sync }])[0];
  }

  return { open, create, get, list, end, present, requireRow, store: assignments };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
