/**
 * platform_a simulator: asynchronous vehicle registration with a circulation-card review, and
 * driver invitations answered in the platform's app.
 *
 * DEVIATIONS FROM A REAL PLATFORM (also in docs/simulators.md):
 * - No authentication: any caller may act for any fleet. Resources are addressed by the partner's
 *   own ids (external_id), so the API never has to store platform ids to reach them.
 * - Reviews are decided by the seed, magic values or the control surface, never by looking at the
 *   image; the card bytes are only measured and hashed, not kept.
 * - Simulated time: reviews and answers fall due on the simulated clock and are applied lazily at the
 *   next request (or clock push), stamped with the time they fell due. Nothing sleeps.
 * - One driver per vehicle and one vehicle per driver; a new binding silently ends the old ones.
 * - Plates and VINs are not checked for duplicates (the API already keeps them unique service-wide);
 *   "bound to another fleet" compares the whatsapp string exactly.
 * - No rate limits, pagination, webhooks or notifications to the driver.
 */
import { Router } from 'express';
import { faultGate, type Faults } from '../common/faults.ts';
import { errors, platformAErrorHandler, sendOutage } from './errors.ts';
import { platformARoutes } from './routes.ts';
import type { PlatformAState } from './state.ts';

/** The platform's whole surface, behind one fault switch: its own routes and its ride reports. */
export function createPlatformAApp({ state, rideReports, faults }: { state: PlatformAState; rideReports: Router; faults: Faults }): Router {
  const app = Router();
  app.use(faultGate(faults, 'platform_a', sendOutage));
  app.use(rideReports);
  app.use(platformARoutes(state));
  app.use(() => {
    throw errors.routeMissing();
  });
  app.use(platformAErrorHandler);
  return app;
}
