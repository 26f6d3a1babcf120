import type { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { pathId } from '../common/schemas.ts';
import { notFound, validation } from '../errors.ts';
import { parseJsonBody } from '../http/parse.ts';
import { saveClock } from '../lib/clock-store.ts';
import { parseDuration } from '../lib/clock.ts';
import type { Services } from '../services.ts';

export const AdvanceBody = z.object({
  duration: z.string({ error: 'duration debe ser texto, p. ej. 6h' }),
  tenant: z.string({ error: 'tenant debe ser el id de un tenant' }).optional(),
});

/**
 * `GET /_testbed/clock[?tenant=ID]` and `POST /_testbed/clock/advance {duration, tenant?}`: the
 * service time, or one tenant's (a world's) time.
 */
export function clockRoutes(router: Router, deps: Deps, services: Services): void {
  router.get('/clock', (req, res) => {
    const tenantId = req.query.tenant === undefined ? undefined : requireTenant(deps, req.query.tenant);
    res.json({ now: nowOf(deps, tenantId) });
  });

  router.post('/clock/advance', async (req, res) => {
    const { duration, tenant } = parseJsonBody(AdvanceBody, req);
    res.json({ now: await advanceWorld(deps, services, duration, tenant) });
  });
}

/** The advance under way in each app (keyed by its clocks), which the next one waits for. */
const advancing = new WeakMap<Deps['clocks'], Promise<unknown>>();

/**
 * `clock/advance` for the control API and the dashboard: the service time, or one tenant's. Advances
 * are taken one at a time: each reads the clock it moves, waits for the simulators, then stores the
 * new value, and two at once would lose one. Answers the new now, once the API has caught up.
 */
export async function advanceWorld(deps: Deps, services: Services, duration: string, tenant?: string): Promise<string> {
  const ms = parseDuration(duration);
  if (ms === null) throw validation(`Duración no válida: ${duration} (ejemplos: 45m, 6h, 3d).`, [{ field: 'duration', message: 'Formato: 45m, 6h, 3d' }]);
  const tenantId = tenant === undefined ? undefined : requireTenant(deps, tenant);
  const moved = (advancing.get(deps.clocks) ?? Promise.resolve()).then(() => moveClock(deps, ms, tenantId));
  advancing.set(deps.clocks, moved.catch(() => undefined));
  await moved;
  await services.sync.runDue();
  return nowOf(deps, tenantId);
}

/** A tenant id that is not a UUID names no tenant: 404, as an unknown one. */
function requireTenant(deps: Deps, value: unknown): string {
  const tenantId = pathId(value, 'El tenant');
  if (deps.clocks.offsetOf(tenantId) === null) throw notFound('El tenant');
  return tenantId;
}

const nowOf = (deps: Deps, tenantId?: string) => (tenantId ? deps.clocks.forTenant(tenantId) : deps.clocks.service).now().toISOString();

/** Beyond ±8.64e15 ms a Date is invalid, and every timestamp of that world would fail from then on. */
function assertRepresentable(deps: Deps, ms: number, tenantId?: string): void {
  const furthestOffset = tenantId ? deps.clocks.offsetOf(tenantId)! : Math.max(0, ...Object.values(deps.clocks.offsets()));
  if (Number.isNaN(new Date(deps.clocks.service.nowMs() + furthestOffset + ms).getTime())) {
    throw validation('La duración llevaría el reloj fuera de las fechas representables.', [{ field: 'duration', message: 'Demasiado larga' }]);
  }
}

/**
 * Moves simulated time: the service time (every world) or one tenant's world alone. The simulators
 * learn the new time first (and run what fell due), and only then is it kept here, so an unreachable
 * simulator leaves both sides where they were.
 */
async function moveClock(deps: Deps, ms: number, tenantId?: string): Promise<void> {
  assertRepresentable(deps, ms, tenantId);
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

/** Moves simulated time, then the API catches up with everything the platforms did in the interval. */
export async function advanceClock(deps: Deps, services: Services, ms: number, tenantId?: string): Promise<string> {
  await moveClock(deps, ms, tenantId);
  await services.sync.runDue();
  return nowOf(deps, tenantId);
}
