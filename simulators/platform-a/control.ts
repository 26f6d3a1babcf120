import { Router } from 'express';
import type { SimDb } from '../db.ts';
import { createPlatformView } from '../common/view.ts';
import { createDecisions, Decisions, ReviewDecision } from './decisions.ts';
import type { PlatformAState } from './state.ts';
import { driverJson, vehicleJson } from './store.ts';

/**
 * platform_a's part of the control surface: what in reality the platform's reviewers and the driver
 * in the app would do, now, instead of waiting for the seeded schedule.
 */
export function platformAControl(state: PlatformAState, db: SimDb): Router {
  const router = Router();

  router.post('/platform-a/vehicles/:externalId/review', (req, res) => {
    const decision = ReviewDecision.parse(req.body ?? {});
    const vehicle = state.decideReview(String(req.params.externalId), decision);
    res.json({ vehicle: vehicleJson(vehicle) });
  });

  for (const answer of ['accept', 'decline'] as const) {
    router.post(`/platform-a/drivers/:externalId/${answer}`, (req, res) => {
      res.json({ driver: driverJson(state.answerInvitation(String(req.params.externalId), answer)) });
    });
  }

  router.post('/platform-a/drivers/:externalId/review', (req, res) => {
    res.json({ driver: driverJson(state.approveDriverReview(String(req.params.externalId))) });
  });

  // The actions above, many in one call: a fixture's ~150 calls made one (decisions.ts).
  const decide = createDecisions(state, db);
  router.post('/platform-a/decisions', (req, res) => {
    res.json(decide(Decisions.parse(req.body ?? {})));
  });

  // ?fleetId=: one fleet's only (a world's own reconciliation).
  router.get('/platform-a/bindings', (req, res) => {
    res.json({ bindings: state.bindings.listActive(typeof req.query.fleetId === 'string' ? req.query.fleetId : undefined) });
  });

  const view = createPlatformView(db, 'pa', state.bindings);
  router.get('/platform-a/view', (_req, res) => {
    res.json(view());
  });

  return router;
}
