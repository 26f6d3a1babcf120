import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { saveClock } from '../clock/clock-store.ts';
import { parseDuration } from '../lib/clock.ts';
import { validation } from '../http/errors.ts';
import { jsonBody, parseJsonBody } from '../http/parse.ts';
import type { Services } from '../services.ts';
import { loopbackOnly } from './loopback-only.ts';
import { pathId } from '../common/schemas.ts';
import { ridesTestbedRouter } from '../rides/testbed.ts';
import { platformsTestbedRouter } from './platforms.ts';

const AdvanceBody = z.object({ duration: z.string({ error: 'duration debe ser texto, p. ej. 6h' }) });
const ReviewBody = z.object({
  verdict: z.enum(['approved', 'rejected'], { error: 'verdict debe ser approved o rejected' }),
  card: z.enum(['approved', 'rejected'], { error: 'card debe ser approved o rejected' }).optional(),
});

/**
 * The testbed's own control surface (`/_testbed`, loopback only, never with an API key): what the CLI
 * and scenarios use to move simulated time and to act as the platforms' reviewers and drivers.
 */
export function testbedRouter(deps: Deps, services: Services): Router {
  const router = Router();
  router.use(loopbackOnly, jsonBody);

  router.get('/clock', (_req, res) => {
    res.json({ now: deps.clock.now().toISOString() });
  });

  // For `fleet-sim jobs watch`, which has no API key: any tenant's job, by id.
  router.get('/jobs/:id', (req, res) => {
    res.json(services.jobs.getAnyTenant(pathId(req.params.id, 'El lote')));
  });

  router.post('/clock/advance', async (req, res) => {
    const { duration } = parseJsonBody(AdvanceBody, req);
    const ms = parseDuration(duration);
    if (ms === null) throw validation(`Duración no válida: ${duration} (ejemplos: 45m, 6h, 3d).`, [{ field: 'duration', message: 'Formato: 45m, 6h, 3d' }]);
    res.json({ now: await advanceClock(deps, services, ms) });
  });

  router.post('/platform-a/vehicles/:id/review', async (req, res) => {
    const decision = parseJsonBody(ReviewBody, req);
    const decided = await deps.simulators.reviewVehicle(req.params.id, decision);
    res.json({ vehicleId: req.params.id, verdict: decision.verdict, card: decided.docReviewStatus });
  });

  for (const answer of ['accept', 'decline'] as const) {
    router.post(`/platform-a/drivers/:id/${answer}`, async (req, res) => {
      const live =
        answer === 'accept' ? await deps.simulators.acceptInvitation(req.params.id) : await deps.simulators.declineInvitation(req.params.id);
      res.json({ driverId: req.params.id, status: live.status, reviewStatus: live.reviewStatus });
    });
  }

  router.post('/sync', async (_req, res) => {
    await services.sync.runDue();
    res.json({ now: deps.clock.now().toISOString() });
  });

  router.use(ridesTestbedRouter(deps, services.rideIngestion));
  router.use(platformsTestbedRouter(deps));

  return router;
}

/**
 * Moves simulated time: the simulators learn the new time first (and run what fell due), and only
 * then is it kept here, so an unreachable simulator leaves both clocks where they were. Then the API
 * catches up with everything the platforms did in the interval.
 */
export async function advanceClock(deps: Deps, services: Services, ms: number): Promise<string> {
  const state = deps.clock.getState();
  const next = { ...state, offsetMs: state.offsetMs + ms };
  await deps.simulators.setClock(next);
  deps.clock.setState(next);
  saveClock(deps.db, next);
  await services.sync.runDue();
  return deps.clock.now().toISOString();
}
