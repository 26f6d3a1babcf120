import type { Deps } from '../deps.ts';
import type { Db } from '../db/open.ts';
import type { Platform } from '../common/schemas.ts';
import { AppError } from '../errors.ts';
import type { AssignmentRow } from '../assignments/store.ts';
import { readyPlatforms, SETTLED, type BindingState, type SyncInputs } from '../assignments/platform-sync.ts';
import { createDriverStore } from '../drivers/store.ts';
import { createInvitationStore } from '../invitations/store.ts';
import { createRegistrationStore } from '../registrations/store.ts';
import type { BindResult } from '../platforms/types.ts';
import { createKeyedQueue, type KeyedQueue } from './keyed-queue.ts';
import { createReconciler, type Pair } from './reconcile.ts';
import { createBindingStore, type BindingRow } from './store.ts';
import type { TransitionRecording } from '../coverage/service.ts';
import type { WorldReading } from '../sync/runner.ts';
import { syncWorldByWorld, worldsIn } from '../sync/sync-each.ts';

export type BindingDeps = Pick<Deps, 'db' | 'clocks' | 'platformA' | 'platformB' | 'simulators' | 'logger'>;

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
 * One queue per database: every binding service built on it (assignments, drivers, the sync) must
 * order its platform calls in the same queue, or the ordering means nothing.
 */
const queues = new WeakMap<Db, KeyedQueue>();
function queueOf(db: Db): KeyedQueue {
  const queue = queues.get(db) ?? createKeyedQueue();
  queues.set(db, queue);
  return queue;
}

/** A platform call about a pair waits for every earlier call about its vehicle or its driver there. */
export const pairKeys = (platform: Platform, vehicleId: string, driverId: string) => [`${platform}|v|${vehicleId}`, `${platform}|d|${driverId}`];

/**
 * Keeps the platforms' bindings in step with the local assignments (contract §3 platformSync). Calls
 * are queued per (platform, vehicle) and per (platform, driver) right after the local write commits,
 * so they reach the platform in the order of the writes; each call decides what to do from the
 * database when its turn comes, not when it was queued. Outcomes are recorded per platform in
 * `assignment_bindings`; an outage never fails a request: the background sync (`syncDue`) retries,
 * then compares what the platforms hold with what the assignments want (reconcile.ts).
 */
export function createBindingService(deps: BindingDeps, { coverage }: { coverage: TransitionRecording }) {
  const store = createBindingStore(deps.db);
  const registrations = createRegistrationStore(deps.db);
  const invitations = createInvitationStore(deps.db);
  const drivers = createDriverStore(deps.db);
  const queue = queueOf(deps.db);
  // A binding's bookkeeping happens in its assignment's world, on that tenant's clock.
  const now = (assignmentId: string) => deps.clocks.forTenant(store.assignment(assignmentId)?.tenant_id ?? '').now().toISOString();
  const client = (platform: Platform) => (platform === 'platform_a' ? deps.platformA : deps.platformB);
  const inTurn = (platform: Platform, a: Pair, task: () => Promise<void>) =>
    queue.run(pairKeys(platform, a.vehicle_id, a.driver_id), task);

  function inputsOf(a: AssignmentRow): SyncInputs {
    return {
      registrations: registrations.forVehicles([a.vehicle_id]).get(a.vehicle_id) ?? [],
      invitations: invitations.forDrivers([a.driver_id]).get(a.driver_id) ?? [],
      bindings: store.forAssignments([a.id]).get(a.id) ?? [],
    };
  }
  const stateOn = (inputs: SyncInputs, platform: Platform) => inputs.bindings?.find((b) => b.platform === platform)?.state ?? 'pending';

  /** A binding's state feeds its assignment's platformSync: the change it makes there is counted. */
  function save(assignmentId: string, platform: Platform, outcome: Outcome, attempts: number): void {
    const row = { assignment_id: assignmentId, platform, state: outcome.state, attempts, last_error: outcome.error, updated_at: now(assignmentId) };
    coverage.platformSync('assignment', assignmentId, () => store.save(row));
  }

  async function unbindNow(a: AssignmentRow, platform: Platform): Promise<void> {
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

  async function bindNow(a: AssignmentRow, platform: Platform): Promise<void> {
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
    await unbindNow(a, platform);
  }

  /** Binds when its turn comes, if the assignment is still active, ready there and not settled. */
  const bindOn = (a: AssignmentRow, platform: Platform) =>
    inTurn(platform, a, async () => {
      const current = store.assignment(a.id);
      // Ended while queued: nothing was bound by this call, and its release (if any) is queued after it.
      if (current?.status !== 'active') return;
      const inputs = inputsOf(current);
      if (readyPlatforms(inputs).includes(platform) && !SETTLED.has(stateOn(inputs, platform))) await bindNow(current, platform);
    });

  /** Unbinds when its turn comes, unless an earlier call has done it meanwhile. */
  const unbindOn = (a: AssignmentRow, platform: Platform) =>
    inTurn(platform, a, async () => {
      if (store.get(a.id, platform)?.state === 'unbinding') await unbindNow(a, platform);
    });

  /** Queues a bind on every platform where both sides are active and the binding is not settled yet. */
  function push(a: AssignmentRow): Promise<void> {
    const inputs = inputsOf(a);
    const due = readyPlatforms(inputs).filter((p) => !SETTLED.has(stateOn(inputs, p)));
    return Promise.all(due.map((p) => bindOn(a, p))).then(() => undefined);
  }

  /** Local half of ending an assignment; call inside the transaction that ends it, so no unbind is ever forgotten. */
  function markForRelease(assignmentId: string): void {
    for (const row of store.forAssignments([assignmentId]).get(assignmentId) ?? []) {
      if (HELD.has(row.state)) store.save({ ...row, state: 'unbinding', updated_at: now(assignmentId) });
    }
  }

  /** Platform half: queues the unbinds still owed by an ended assignment. */
  function release(a: AssignmentRow): Promise<void> {
    const rows = (store.forAssignments([a.id]).get(a.id) ?? []).filter((r: BindingRow) => r.state === 'unbinding');
    return Promise.all(rows.map((r) => unbindOn(a, r.platform))).then(() => undefined);
  }

  /**
   * After POST /v1/assignments (or a driver created with vehicleId), in the same tick as the commit:
   * the replaced assignments' unbinds are queued before the new bind, on the keys they share.
   */
  function afterOpen(row: AssignmentRow, ended: AssignmentRow[]): Promise<void> {
    return Promise.all([...ended.map(release), push(row)]).then(() => undefined);
  }

  const reconciler = createReconciler({
    db: deps.db,
    logger: deps.logger,
    store,
    listHeld: (platform, fleetId) => deps.simulators.listBindings(platform, fleetId),
    /** A `synced` row the platform does not hold (unchanged since it was read): bound again (`pending` until it is). */
    repush: (a, platform, seen) =>
      inTurn(platform, a, async () => {
        const row = store.get(a.id, platform);
        const unchanged = row?.state === 'synced' && row.updated_at === seen.updated_at && row.attempts === seen.attempts;
        if (unchanged && store.assignment(a.id)?.status === 'active') await bindNow(a, platform);
      }),
    /** A pair the platform holds for no active assignment of ours. */
    unbindStray: (platform, pair) =>
      inTurn(platform, pair, async () => {
        if (store.pairActive(pair.vehicle_id, pair.driver_id)) return;
        await client(platform).unbindDriver(pair.vehicle_id, pair.driver_id);
      }),
  });

  /**
   * Background task: the calls this API still owes, every world's or one world's (an advance of its
   * clock: the others' is not due), owed unbinds first (they free vehicles and drivers on the
   * platform), then binds. The comparison with the platforms (`reconcile`) is a task of its own, after it.
   * Across tenants world by world when the sync runner takes each world's read in turn (`reading`).
   */
  async function syncDue(tenantId?: string, reading?: WorldReading): Promise<void> {
    if (tenantId === undefined && reading) {
      const owed = [...store.endedWithUnbinds(), ...store.activeUnsettled()];
      return void (await syncWorldByWorld(worldsIn(owed, (a) => a.tenant_id), (world) => syncDue(world), reading));
    }
    for (const a of store.endedWithUnbinds(tenantId)) await release(a);
    for (const a of store.activeUnsettled(tenantId)) await push(a);
  }

  return { push, release, afterOpen, markForRelease, syncDue, reconcile: (tenantId?: string, reading?: WorldReading) => reconciler.run(tenantId, reading), store };
}

export type BindingService = ReturnType<typeof createBindingService>;
