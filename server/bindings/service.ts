import type { Deps } from '../deps.ts';
import type { Platform } from '../common/schemas.ts';
import { AppError } from '../errors.ts';
import type { AssignmentRow } from '../assignments/store.ts';
import { readyPlatforms, SETTLED, type BindingState, type SyncInputs } from '../assignments/platform-sync.ts';
import { createDriverStore } from '../drivers/store.ts';
import { createInvitationStore } from '../invitations/store.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import type { BindResult } from '../platforms/types.ts';
import { createBindingStore, type BindingRow } from './store.ts';

export type BindingDeps = Pick<Deps, 'db' | 'clocks' | 'platformA' | 'platformB'>;

/** What one platform call ended in, for the binding row. */
interface Outcome {
  state: BindingState;
  error: string | null;
}

/** Rows an ended assignment must still undo: `pending` may have reached the platform before an outage hid the answer. */
const HELD: ReadonlySet<BindingState> = new Set(['synced', 'pending', 'unbinding']);

const bindOutcome = (result: BindResult): Outcome =>
  result.outcome === 'bound'
    ? { state: 'synced', error: null }
    : { state: result.outcome === 'refused' ? 'failed' : 'awaiting', error: result.message };

/**
 * An outage leaves the call to be retried by the next sync run (`retry`); any other platform error
 * is the platform saying no, which retrying will not change (`failed`). Bugs are rethrown.
 */
function errorOutcome(err: unknown, retry: BindingState): Outcome {
  if (!(err instanceof AppError)) throw err;
  return { state: err.code === 'PLATFORM_UNAVAILABLE' ? retry : 'failed', error: `${err.code}: ${err.message}` };
}

/**
 * Keeps the platforms' bindings in step with the local assignments (contract §3 platformSync). Every
 * call is made after the local write has committed and its outcome is recorded per platform in
 * `assignment_bindings`, so an outage never fails a request: the background sync (`syncDue`)
 * retries on its next run. No backoff: runs come at a real-time period, so a frozen simulated clock
 * never stalls a retry, and `attempts` counts the calls.
 */
export function createBindingService(deps: BindingDeps) {
  const store = createBindingStore(deps.db);
  const registrations = createRegistrationStore(deps.db);
  const invitations = createInvitationStore(deps.db);
  const drivers = createDriverStore(deps.db);
  // A binding's bookkeeping happens in its assignment's world, on that tenant's clock.
  const now = (assignmentId: string) => deps.clocks.forTenant(store.assignment(assignmentId)?.tenant_id ?? '').now().toISOString();
  const client = (platform: Platform) => (platform === 'platform_a' ? deps.platformA : deps.platformB);

  function inputsOf(a: AssignmentRow): SyncInputs {
    return {
      registrations: registrations.forVehicles([a.vehicle_id]).get(a.vehicle_id) ?? [],
      invitations: invitations.forDrivers([a.driver_id]).get(a.driver_id) ?? [],
      bindings: store.forAssignments([a.id]).get(a.id) ?? [],
    };
  }

  function save(assignmentId: string, platform: Platform, outcome: Outcome, attempts: number): void {
    store.save({ assignment_id: assignmentId, platform, state: outcome.state, attempts, last_error: outcome.error, updated_at: now(assignmentId) });
  }

  async function unbindOn(a: AssignmentRow, platform: Platform): Promise<void> {
    const attempts = (store.get(a.id, platform)?.attempts ?? 0) + 1;
    let outcome: Outcome;
    try {
      await client(platform).unbindDriver(a.vehicle_id, a.driver_id);
      outcome = { state: 'unbound', error: null };
    } catch (err) {
      outcome = errorOutcome(err, 'unbinding');
    }
    save(a.id, platform, outcome, attempts);
  }

  async function bindOn(a: AssignmentRow, platform: Platform): Promise<void> {
    const attempts = (store.get(a.id, platform)?.attempts ?? 0) + 1;
    // Recorded before the call: an assignment ended while it is in flight then knows to unbind here.
    save(a.id, platform, { state: 'pending', error: null }, attempts);
    const driver = drivers.getById(a.driver_id);
    if (!driver) throw new Error(`assignment ${a.id} names a missing driver`);
    let outcome: Outcome;
    try {
      const result = await client(platform).bindDriver(a.vehicle_id, { externalId: driver.id, name: driver.name, whatsapp: driver.whatsapp });
      outcome = bindOutcome(result);
    } catch (err) {
      outcome = errorOutcome(err, 'pending');
    }
    if (store.assignment(a.id)?.status === 'active') return save(a.id, platform, outcome, attempts);
    // Ended meanwhile (DELETE or replaced): whatever this call did on the platform must be undone.
    save(a.id, platform, { state: 'unbinding', error: null }, attempts);
    await unbindOn(a, platform);
  }

  /** Binds on every platform where both sides are active and the binding is not settled yet. */
  async function push(a: AssignmentRow): Promise<void> {
    const inputs = inputsOf(a);
    const due = readyPlatforms(inputs).filter((p) => !SETTLED.has(inputs.bindings?.find((b) => b.platform === p)?.state ?? 'pending'));
    await Promise.all(due.map((p) => bindOn(a, p)));
  }

  /** Local half of ending an assignment; call inside the transaction that ends it, so no unbind is ever forgotten. */
  function markForRelease(assignmentId: string): void {
    for (const row of store.forAssignments([assignmentId]).get(assignmentId) ?? []) {
      if (HELD.has(row.state)) store.save({ ...row, state: 'unbinding', updated_at: now(assignmentId) });
    }
  }

  /** Platform half: the unbinds still owed by an ended assignment. */
  async function release(a: AssignmentRow): Promise<void> {
    const rows = (store.forAssignments([a.id]).get(a.id) ?? []).filter((r: BindingRow) => r.state === 'unbinding');
    await Promise.all(rows.map((r) => unbindOn(a, r.platform)));
  }

  /** After POST /v1/assignments (or a driver created with vehicleId): undo the replaced ones, bind the new one. */
  async function afterOpen(row: AssignmentRow, ended: AssignmentRow[]): Promise<void> {
    for (const old of ended) await release(old);
    await push(row);
  }

  /** Background task: owed unbinds first (they free vehicles and drivers on the platform), then binds. */
  async function syncDue(): Promise<void> {
    for (const a of store.endedWithUnbinds()) await release(a);
    for (const a of store.activeUnsettled()) await push(a);
  }

  return { push, release, afterOpen, markForRelease, syncDue, store };
}

export type BindingService = ReturnType<typeof createBindingService>;
