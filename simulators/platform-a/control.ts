import { Router } from 'express';
import { z } from 'zod';
import type { SimDb } from '../db.ts';
import { createPlatformView } from '../common/view.ts';
import type { PlatformAState } from './state.ts';
import { driverJson, vehicleJson } from './store.ts';

const Verdict = z.enum(['approved', 'rejected']);
/** The card verdict defaults to approved: a rejected vehicle is then rejected for itself, not its card. */
const ReviewDecision = z.object({ verdict: Verdict, card: Verdict.default('approved') });

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
