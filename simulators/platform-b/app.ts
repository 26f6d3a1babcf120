/**
 * platform_b simulator: instant vehicle registration by plate and VIN, and driver assignments to
 * registered vehicles. It has no driver invitations (the API answers 403 PLATFORM_NOT_ENABLED
 * without calling it).
 *
 * DEVIATIONS FROM A REAL PLATFORM (also in docs/simulators.md):
 * - No authentication: any caller may act for any fleet; resources are addressed by the partner's
 *   own ids (externalId).
 * - Registration never fails for document or data-quality reasons, only for a duplicate plate or VIN
 *   and for the magic plate prefix RB.
 * - One driver per vehicle and one vehicle per driver; a new assignment silently ends the old ones.
 * - No rate limits, pagination or webhooks. Rides and their settling are modelled in simulators/rides/ (see docs/rides.md).
 */
import { Router } from 'express';
import { faultGate, type Faults } from '../common/faults.ts';
import { errors, platformBErrorHandler, sendOutage } from './errors.ts';
import { platformBRoutes } from './routes.ts';
import type { PlatformBState } from './state.ts';

/** The platform's whole surface, behind one fault switch: its own routes and its ride reports. */
export function createPlatformBApp({ state, rideReports, faults }: { state: PlatformBState; rideReports: Router; faults: Faults }): Router {
  const app = Router();
  app.use(faultGate(faults, 'platform_b', sendOutage));
  app.use(rideReports);
  app.use(platformBRoutes(state));
  app.use(() => {
    throw errors.routeMissing();
  });
  app.use(platformBErrorHandler);
  return app;
}
