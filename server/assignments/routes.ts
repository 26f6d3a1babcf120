import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { CreateAssignment, ListAssignmentsQuery } from './schema.ts';
import type { AssignmentService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function assignmentsRoutes(router: RouteTable, assignments: AssignmentService): void {

  router.get('/assignments', withScope('drivers:read', (req, res) => {
    const { limit, startingAfter, vehicleId, driverId, status } = ListAssignmentsQuery.parse(req.query);
    res.json(assignments.list(req.auth.tenantId, { vehicleId, driverId, status }, limit, startingAfter));
  }));

  router.post('/assignments', withScope('drivers:write', async (req, res) => {
    const body = parseJsonBody(CreateAssignment, req);
    const { assignment, created } = await assignments.create(req.auth.tenantId, body);
    res.status(created ? 201 : 200).json(assignment);
  }));

  router.get('/assignments/:id', withScope('drivers:read', (req, res) => {
    const id = pathId(req.params.id, 'La asignación');
    res.json(assignments.get(req.auth.tenantId, id));
  }));

  router.delete('/assignments/:id', withScope('drivers:write', async (req, res) => {
    const id = pathId(req.params.id, 'La asignación');
    res.json(await assignments.end(req.auth.tenantId, id));
  }));
}
