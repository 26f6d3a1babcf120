import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { ListRidesQuery } from './schema.ts';
import type { RideService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function ridesRoutes(router: RouteTable, rides: RideService): void {

  router.get('/rides', withScope('rides:read', (req, res) => {
    res.json(rides.list(req.auth.tenantId, ListRidesQuery.parse(req.query)));
  }));
}
