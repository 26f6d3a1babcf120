import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { jsonBody, parseJsonBody } from '../http/parse.ts';
import type { Services } from '../services.ts';
import { loopbackOnly } from './loopback-only.ts';
import { pathId } from '../common/schemas.ts';
import { ridesTestbedRouter } from '../ingestion/testbed.ts';
import { worldRoutes } from '../snapshots/routes.ts';
import { tenantsControl } from './tenants.ts';
import { faultsControl } from './faults.ts';
import { clockRoutes } from './clock.ts';
import { platformsTestbedRouter } from './platforms.ts';
import { coverageControl } from './coverage.ts';

export const ReviewBody = z.object({
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

  clockRoutes(router, deps, services);

  // For `fleet-sim jobs watch`, which has no API key: any tenant's job, by id.
  router.get('/jobs/:id', (req, res) => {
    res.json(services.jobs.getAnyTenant(pathId(req.params.id, 'El lote')));
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
    res.json({ now: deps.clocks.service.now().toISOString() });
  });

  router.use(ridesTestbedRouter(deps, services.rideIngestion));
  router.use(worldRoutes(services.world));
  router.use(tenantsControl(deps, services));
  router.use(faultsControl(deps));
  router.use(platformsTestbedRouter(deps));
  router.use(coverageControl(services.coverage));

  return router;
}
