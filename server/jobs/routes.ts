import type { RouteTable } from '../http/v1-routes.ts';
import { checkScope, withScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { DriverInvitationsBatch, VehicleRegistrationsBatch } from './schema.ts';
import { READ_SCOPE, type JobService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function jobsRoutes(router: RouteTable, jobs: JobService): void {

  router.post('/vehicles/registrations/batch', withScope('vehicles:write', (req, res) => {
    const { platform, vehicleIds } = parseJsonBody(VehicleRegistrationsBatch, req);
    res.status(202).json(jobs.registerVehicles(req.auth.tenantId, platform, vehicleIds));
  }));

  router.post('/drivers/invitations/batch', withScope('drivers:write', (req, res) => {
    const { platform, driverIds } = parseJsonBody(DriverInvitationsBatch, req);
    res.status(202).json(jobs.inviteDrivers(req.auth.tenantId, platform, driverIds));
  }));

  // The scope depends on what the job handles, so it is checked after the job is found.
  router.get('/jobs/:id', (req, res) => {
    const { kind, job } = jobs.get(req.auth.tenantId, pathId(req.params.id, 'El lote'));
    checkScope(req.auth, READ_SCOPE[kind]);
    res.json(job);
  });
}
