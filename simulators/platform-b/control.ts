import { Router } from 'express';
import type { PlatformBState } from './state.ts';

/**
 * platform_b's part of the control surface. Registration is instant, so there is nothing to decide;
 * what remains is looking at the platform's side of the assignments, which tests and QA compare
 * with the API's platformSync.
 */
export function platformBControl(state: PlatformBState): Router {
  const router = Router();

  router.get('/platform-b/bindings', (_req, res) => {
    res.json({ bindings: state.bindings.listActive() });
  });

  return router;
}
