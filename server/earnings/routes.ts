import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { EarningsSummaryQuery, ListDailyEarningsQuery } from './schema.ts';
import type { EarningsService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function earningsRoutes(router: RouteTable, earnings: EarningsService): void {

  router.get('/earnings/daily', withScope('rides:read', (req, res) => {
    res.json(earnings.listDaily(req.auth.tenantId, ListDailyEarningsQuery.parse(req.query)));
  }));

  router.get('/earnings/summary', withScope('rides:read', (req, res) => {
    res.json(earnings.summary(req.auth.tenantId, EarningsSummaryQuery.parse(req.query)));
  }));
}
