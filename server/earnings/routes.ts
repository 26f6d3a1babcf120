import { Router } from 'express';
import { requireScope } from '../auth/authenticate.ts';
import { EarningsSummaryQuery, ListDailyEarningsQuery } from './schema.ts';
import type { EarningsService } from './service.ts';

export function earningsRouter(earnings: EarningsService): Router {
  const router = Router();

  router.get('/earnings/daily', requireScope('rides:read'), (req, res) => {
    res.json(earnings.listDaily(req.auth.tenantId, ListDailyEarningsQuery.parse(req.query)));
  });

  router.get('/earnings/summary', requireScope('rides:read'), (req, res) => {
    res.json(earnings.summary(req.auth.tenantId, EarningsSummaryQuery.parse(req.query)));
  });

  return router;
}
