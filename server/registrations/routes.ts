import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId, pathPlatform, PlatformBody } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import type { RegistrationService } from './service.ts';

export const RegisterBody = PlatformBody;

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function registrationsRoutes(router: RouteTable, registrations: RegistrationService): void {
  const vehicleId = (v: unknown) => pathId(v, 'El vehículo');

  router.post('/vehicles/:id/registrations', withScope('vehicles:write', async (req, res) => {
    const id = vehicleId(req.params.id);
    // 404 before 400 (docs/decisions.md, order of checks): another tenant's vehicle never reveals body rules.
    registrations.requireVehicle(req.auth.tenantId, id);
    const { platform } = parseJsonBody(RegisterBody, req);
    const { created, registration } = await registrations.register(req.auth.tenantId, id, platform);
    res.status(created ? 201 : 200).json(registration);
  }));

  router.get('/vehicles/:id/registrations', withScope('vehicles:read', (req, res) => {
    res.json({ data: registrations.list(req.auth.tenantId, vehicleId(req.params.id)) });
  }));

  router.get('/vehicles/:id/registrations/:platform', withScope('vehicles:read', (req, res) => {
    const id = vehicleId(req.params.id);
    res.json(registrations.get(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  }));

  router.post('/vehicles/:id/registrations/:platform/refresh', withScope('vehicles:write', async (req, res) => {
    const id = vehicleId(req.params.id);
    res.json(await registrations.refresh(req.auth.tenantId, id, pathPlatform(req.params.platform)));
  }));
}
