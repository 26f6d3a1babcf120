import type { Deps } from '../deps.ts';
import { worldPathId } from '../common/schemas.ts';
import { validation, worldNotFound } from '../errors.ts';
import { nowOf, parseAdvance, travel } from './travel.ts';
import type { Services } from '../services.ts';
import type { SyncFailure } from '../sync/runner.ts';

/** The advance under way in each app (keyed by its clocks), which the next one waits for. */
const advancing = new WeakMap<Deps['clocks'], Promise<unknown>>();

/**
 * `clock/advance` for the control API and the dashboard: the service time, or one tenant's. Advances
 * are taken one at a time: each reads the clock it moves, waits for the simulators, then stores the
 * new value, and two at once would lose one. Answers the new now, once the API has caught up, and
 * what it could not read.
 */
/** Where an advance left the clock, and what of the platforms' due work the API could not read (a platform down). */
export interface Advanced {
  now: string;
  notSynced: SyncFailure[];
}

export async function advanceWorld(deps: Deps, services: Services, duration: string, tenant?: string): Promise<Advanced> {
  const ms = parseAdvance(duration);
  return advanceClock(deps, services, ms, tenant === undefined ? undefined : requireTenant(deps, tenant));
}

/** A tenant id that is not a UUID names no tenant: 404, as an unknown one. */
export function requireTenant(deps: Deps, value: unknown): string {
  const tenantId = worldPathId(value);
  if (deps.clocks.offsetOf(tenantId) === null) throw worldNotFound(tenantId);
  return tenantId;
}

export { nowOf };

/** Beyond ±8.64e15 ms a Date is invalid, and every timestamp of that world would fail from then on. */
function assertRepresentable(deps: Deps, ms: number, tenantId?: string): void {
  const furthestOffset = tenantId ? deps.clocks.offsetOf(tenantId)! : Math.max(0, ...Object.values(deps.clocks.offsets()));
  if (Number.isNaN(new Date(deps.clocks.service.nowMs() + furthestOffset + ms).getTime())) {
    throw validation('La duración llevaría el reloj fuera de las fechas representables.', [{ field: 'duration', message: 'Demasiado larga' }]);
  }
}

/**
 * Moves simulated time (travel.ts: in steps, each kept on both sides) once it is known to stay
 * representable and the advance before it is done, then the API catches up with everything the
 * platforms did in the interval. Answers the new now, and what of it the API could not read.
 */
export async function advanceClock(deps: Deps, services: Services, ms: number, tenantId?: string): Promise<Advanced> {
  // One world's advance is one of its requests (world-snapshots/tenant-gate.ts): it waits for a restore
  // or deletion of that world under way, and one asked for meanwhile waits for it. Beside each other,
  // the restore put the clock back as the advance moved it, and the advance's answer named a time the
  // world never reached.
  if (tenantId !== undefined) return services.tenantGates.during(tenantId, () => advanceNow(deps, services, ms, tenantId));
  return advanceNow(deps, services, ms);
}

async function advanceNow(deps: Deps, services: Services, ms: number, tenantId?: string): Promise<Advanced> {
  // The batch items asked for before the advance run at the time they were asked for (docs/jobs.md):
  // running beside the jump, each one's timestamps fell before or after it as the race went.
  await services.jobs.settled(tenantId);
  // The time reached, read as the travel ends. A world's deletion asked for before this advance entered
  // the world's gate runs first (the check below); one asked for after waits for the whole advance.
  const reached = await betweenAdvances(deps, async () => {
    // Checked again once its turn comes: a deletion of that world may have gone first.
    if (tenantId !== undefined) requireTenant(deps, tenantId);
    assertRepresentable(deps, ms, tenantId);
    await travel(deps, ms, tenantId);
    return nowOf(deps, tenantId);
  });
  // Time moved whatever the platforms answer: a failure is said, not thrown (another advance would move it again).
  return { now: reached, notSynced: await services.sync.runDue(tenantId) };
}

/**
 * Runs `work` in the advances' line, with none under way meanwhile: each advance, and a world's
 * deletion (tenants/deletion.ts), which would otherwise race an advance that writes the deleted
 * fleet's clock back on the platforms (an advance of every world names every fleet).
 */
export function betweenAdvances<T>(deps: Deps, work: () => Promise<T>): Promise<T> {
  const done = (advancing.get(deps.clocks) ?? Promise.resolve()).then(work);
  advancing.set(deps.clocks, done.catch(() => undefined));
  return done;
}
