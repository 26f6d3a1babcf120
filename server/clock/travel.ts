import type { Deps } from '../deps.ts';
import { AppError, stopping, validation } from '../errors.ts';
import { saveClock } from '../lib/clock-store.ts';
import { parseDuration } from '../lib/clock.ts';

const DAY_MS = 86_400_000;

/** The longest single advance (contract §5, "Time travel is safe"): a leap year. Longer trips take several. */
export const MAX_ADVANCE_DAYS = 366;
export const MAX_ADVANCE_MS = MAX_ADVANCE_DAYS * DAY_MS;

/**
 * A long advance moves in steps of at most this much simulated time: each is one call to the
 * simulators, which do that step's due work and answer, so between steps they answer their health
 * probe (a busy companion is not a hung one), and a failure leaves every world at the step it reached.
 */
export const ADVANCE_STEP_MS = 7 * DAY_MS;

/**
 * The duration of one advance, for every door (control API, CLI, scenario steps, the testing
 * library: all reach `POST /_testbed/clock/advance`): 400 VALIDATION naming the format or the maximum.
 */
export function parseAdvance(duration: string): number {
  const ms = parseDuration(duration);
  if (ms === null) throw validation(`Duración no válida: «${duration}» (ejemplos: 45m, 6h, 3d).`, [{ field: 'duration', message: 'Formato: 45m, 6h, 3d' }]);
  if (ms > MAX_ADVANCE_MS) {
    throw validation(`La duración máxima de un avance del reloj es ${MAX_ADVANCE_DAYS}d (${MAX_ADVANCE_DAYS} días); para ir más lejos, avanza en varios pasos.`, [
      { field: 'duration', message: `Máximo ${MAX_ADVANCE_DAYS}d` },
    ]);
  }
  return ms;
}

/** One step: the simulators learn the new time first (and run what fell due), then it is kept here. */
async function step(deps: Deps, ms: number, tenantId?: string): Promise<void> {
  if (tenantId) {
    const offsetMs = deps.clocks.offsetOf(tenantId)! + ms;
    await deps.simulators.setFleetClock(tenantId, offsetMs);
    deps.clocks.setOffset(tenantId, offsetMs);
  } else {
    const state = deps.clocks.service.getState();
    const next = { ...state, offsetMs: state.offsetMs + ms };
    await deps.simulators.setClock(next);
    deps.clocks.service.setState(next);
    saveClock(deps.db, next);
  }
}

/** The clocks of the serves that stop: their advances take no step more (travel). */
const stopped = new WeakSet<object>();

/** serve's stop: every advance under way stops before its next step, answering where it stayed. */
export function stopTravels(deps: Pick<Deps, 'clocks'>): void {
  stopped.add(deps.clocks);
}

/** A world's time (or the service's) as ISO text: what every clock answer says. */
export const nowOf = (deps: Pick<Deps, 'clocks'>, tenantId?: string) => (tenantId ? deps.clocks.forTenant(tenantId) : deps.clocks.service).now().toISOString();

/**
 * Moves simulated time by `ms` (the service time, so every world, or one tenant's world) in steps
 * of ADVANCE_STEP_MS. Each step is kept on both sides before the next begins: a step that fails
 * leaves every world at the last time it reached, and the error says which.
 */
export async function travel(deps: Deps, ms: number, tenantId?: string): Promise<void> {
  let done = 0;
  do {
    const length = Math.min(ADVANCE_STEP_MS, ms - done);
    // serve stops (stopTravels): no step more, and the answer says where the clock stayed. Cut at the
    // stop's deadline instead, a 366-day advance went on stepping, and its 503 named no instant.
    if (stopped.has(deps.clocks)) throw stopping(`el avance se detuvo en ${nowOf(deps, tenantId)}: el reloj quedó en ese instante, coherente`);
    try {
      await step(deps, length, tenantId);
    } catch (err) {
      if (done === 0 || !(err instanceof AppError)) throw err;
      throw new AppError(err.code, `${err.message} El avance se detuvo en ${nowOf(deps, tenantId)}: el reloj quedó en ese instante, coherente.`, err.details);
    }
    done += length;
  } while (done < ms);
}
