import type { IdGenerator } from '../lib/ids.ts';
import { AppError, notFound } from '../errors.ts';
import type { Page } from '../db/keyset.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import { createVehicleStore } from '../vehicles/store.ts';
import { createDriverStore } from '../drivers/store.ts';
import { createInvitationStore } from '../invitations/store.ts';
import type { BindingDeps, BindingService } from '../bindings/service.ts';
import { computePlatformSync, type PlatformSync } from './platform-sync.ts';
import { createAssignmentStore, type AssignmentFilters, type AssignmentRow } from './store.ts';
import { toAssignment, type Assignment } from './view.ts';
import type { CreateAssignment } from './schema.ts';
import type { TransitionRecording } from '../coverage/service.ts';

export interface AssignmentDeps extends BindingDeps {
  ids: IdGenerator;
}

export interface Opened {
  row: AssignmentRow;
  /** False when the same pair was already active and that assignment is returned as it is. */
  created: boolean;
  /** Assignments this one replaced; their platform bindings are still to be undone (bindings.afterOpen). */
  ended: AssignmentRow[];
}

const missing = (field: 'vehicleId' | 'driverId', what: string) =>
  new AppError('NOT_FOUND', `${what} no existe.`, [{ field, message: 'No existe en esta flota' }]);

/**
 * `bindings` is the one binding service of server/services.ts (its call queue is shared); `coverage`
 * counts the transitions.
 */
export function createAssignmentService(
  deps: AssignmentDeps,
  { bindings, coverage }: { bindings: BindingService; coverage: TransitionRecording },
) {
  const assignments = createAssignmentStore(deps.db);
  // Other resources' stores, read inside this service's transactions: opening an assignment checks
  // the vehicle, the driver and their platform states in the same transaction that writes it.
  const vehicles = createVehicleStore(deps.db);
  const drivers = createDriverStore(deps.db);
  const registrations = createRegistrationStore(deps.db);
  const invitations = createInvitationStore(deps.db);

  function syncOf(a: Pick<AssignmentRow, 'id' | 'vehicle_id' | 'driver_id'>): PlatformSync {
    return computePlatformSync({
      registrations: registrations.forVehicles([a.vehicle_id]).get(a.vehicle_id) ?? [],
      invitations: invitations.forDrivers([a.driver_id]).get(a.driver_id) ?? [],
      bindings: bindings.store.forAssignments([a.id]).get(a.id) ?? [],
    });
  }

  /** Active assignments follow the stored platform and binding state; an ended one keeps the state it ended with. */
  function present(rows: AssignmentRow[]): Assignment[] {
    const active = rows.filter((r) => r.status === 'active');
    const regs = registrations.forVehicles(active.map((r) => r.vehicle_id));
    const invs = invitations.forDrivers(active.map((r) => r.driver_id));
    const binds = bindings.store.forAssignments(active.map((r) => r.id));
    return rows.map((r) => {
      if (r.status === 'ended') return toAssignment(r, r.platform_sync);
      const inputs = { registrations: regs.get(r.vehicle_id) ?? [], invitations: invs.get(r.driver_id) ?? [], bindings: binds.get(r.id) ?? [] };
      return toAssignment(r, computePlatformSync(inputs));
    });
  }

  /** Ends locally; the bindings it held are marked for unbinding in the same transaction (see bindings.release). */
  function endRow(row: AssignmentRow, at: string): AssignmentRow {
    const ended: AssignmentRow = { ...row, status: 'ended', ended_at: at, platform_sync: syncOf(row) };
    assignments.end(row.id, at, ended.platform_sync);
    bindings.markForRelease(row.id);
    coverage.record(row.tenant_id, 'assignment', 'active', 'ended');
    return ended;
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
      if (same) return { row: same, created: false, ended: [] };
      const now = deps.clocks.forTenant(tenantId).now().toISOString();
      const ended = active.map((a) => endRow(a, now));
      const id = deps.ids.inWorld(tenantId);
      const row: AssignmentRow = {
        id,
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        driver_id: driverId,
        status: 'active',
        platform_sync: syncOf({ id, vehicle_id: vehicleId, driver_id: driverId }),
        started_at: now,
        ended_at: null,
        created_at: now,
      };
      assignments.insert(row);
      coverage.record(tenantId, 'assignment', null, 'active');
      return { row, created: true, ended };
    })();
  }

  /** The platforms are told after the commit; an outage leaves the binding `pending`, never fails the request. */
  async function create(tenantId: string, input: CreateAssignment): Promise<{ assignment: Assignment; created: boolean }> {
    const { row, created, ended } = open(tenantId, input.vehicleId, input.driverId);
    await bindings.afterOpen(row, ended);
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

  /**
   * Ending an ended assignment is a no-op that answers it as it is, so a retried DELETE is safe.
   * The answer keeps the platformSync the assignment had while active; unbinding is the platforms' side.
   */
  async function end(tenantId: string, id: string): Promise<Assignment> {
    const row = requireRow(tenantId, id);
    if (row.status === 'ended') return present([row])[0];
    const ended = deps.db.transaction(() => endRow(row, deps.clocks.forTenant(tenantId).now().toISOString()))();
    await bindings.release(ended);
    return present([ended])[0];
  }

  return { open, create, get, list, end, present, requireRow, bindings, store: assignments };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
