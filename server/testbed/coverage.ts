import { Router } from 'express';
import { pathId } from '../common/schemas.ts';
import type { CoverageService } from '../coverage/service.ts';

/**
 * `GET /_testbed/coverage[?tenant=ID]` (contract §4): which transitions of spec §3 happened, in one
 * tenant's world or in all of them. A tenant id that is not a UUID names no tenant: 404.
 */
export function coverageControl(coverage: CoverageService): Router {
  const router = Router();

  router.get('/coverage', (req, res) => {
    const tenantId = req.query.tenant === undefined ? undefined : pathId(req.query.tenant, 'El tenant');
    res.json(coverage.report(tenantId));
  });

  return router;
}
