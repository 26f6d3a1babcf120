import type { Router } from 'express';
import { requireScope } from '../auth/authenticate.ts';
import { ListRidesQuery } from './schema.ts';
import type { RideService } from './service.ts';

/** Adds its routes to the /v1 router (one flat router: see app.ts). */
export function ridesRoutes(router: Router, rides: RideService): void {

  router.get('/rides', requireScope('rides:read'), (req, res) => {
    res.json(rides.list(req.auth.tenantId, ListRidesQuery.parse(req.query)));
  });
}
