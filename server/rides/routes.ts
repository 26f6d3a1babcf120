import { Router } from 'express';
import { requireScope } from '../auth/authenticate.ts';
import { ListRidesQuery } from './schema.ts';
import type { RideService } from './service.ts';

export function ridesRouter(rides: RideService): Router {
  const router = Router();

  router.get('/rides', requireScope('rides:read'), (req, res) => {
    res.json(rides.list(req.auth.tenantId, ListRidesQuery.parse(req.query)));
  });

  return router;
}
