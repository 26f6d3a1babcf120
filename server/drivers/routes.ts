import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { CreateDriver, ListDriversQuery, PatchDriver, withPhoneErrors } from './schema.ts';
import type { DriverService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function driversRoutes(router: RouteTable, drivers: DriverService): void {

  router.get('/drivers', withScope('drivers:read', (req, res) => {
    const { limit, startingAfter, whatsapp } = withPhoneErrors(() => ListDriversQuery.parse(req.query));
    res.json(drivers.list(req.auth.tenantId, { whatsapp }, limit, startingAfter));
  }));

  router.post('/drivers', withScope('drivers:write', async (req, res) => {
    const body = withPhoneErrors(() => parseJsonBody(CreateDriver, req));
    res.status(201).json(await drivers.create(req.auth.tenantId, body));
  }));

  router.get('/drivers/:id', withScope('drivers:read', (req, res) => {
    const id = pathId(req.params.id, 'El conductor');
    res.json(drivers.get(req.auth.tenantId, id));
  }));

  router.patch('/drivers/:id', withScope('drivers:write', (req, res) => {
    const id = pathId(req.params.id, 'El conductor');
    drivers.requireRow(req.auth.tenantId, id); // 404 before 400: see docs/decisions.md, order of checks
    const body = withPhoneErrors(() => parseJsonBody(PatchDriver, req));
    res.json(drivers.patch(req.auth.tenantId, id, body));
  }));
}
