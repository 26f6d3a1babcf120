import { Router } from 'express';
import type { SimDb } from '../db.ts';
import { createPlatformView } from '../common/view.ts';
import type { PlatformBState } from './state.ts';

/**
 * platform_b's part of the control surface. Registration is instant, so there is nothing to decide;
 * what remains is looking at the platform's side of the assignments, which tests and QA compare
 * with the API's platformSync.
 */
export function platformBControl(state: PlatformBState, db: SimDb): Router {
  const router = Router();

  // ?fleetId=: one fleet's only (a world's own reconciliation).
  router.get('/platform-b/bindings', (req, res) => {
    res.json({ bindings: state.bindings.listActive(typeof req.query.fleetId === 'string' ? req.query.fleetId : undefined) });
  });

  const view = createPlatformView(db, 'pb', state.bindings);
  router.get('/platform-b/view', (_req, res) => {
    res.json(view());
  });

  return router;
}
