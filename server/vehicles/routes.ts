import type { RouteTable } from '../http/v1-routes.ts';
import { withScope } from '../auth/authenticate.ts';
import { pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { CreateVehicle, ListVehiclesQuery, PatchVehicle } from './schema.ts';
import type { VehicleService } from './service.ts';

/** Adds its routes under /v1 (http/v1-routes.ts, app.ts). */
export function vehiclesRoutes(router: RouteTable, vehicles: VehicleService): void {

  router.get('/vehicles', withScope('vehicles:read', (req, res) => {
    const { limit, startingAfter, plate, status } = ListVehiclesQuery.parse(req.query);
    res.json(vehicles.list(req.auth.tenantId, { plate, status }, limit, startingAfter));
  }));

  router.post('/vehicles', withScope('vehicles:write', (req, res) => {
    const body = parseJsonBody(CreateVehicle, req);
    res.status(201).json(vehicles.create(req.auth.tenantId, body));
  }));

  router.get('/vehicles/:id', withScope('vehicles:read', (req, res) => {
    const id = pathId(req.params.id, 'El vehículo');
    res.json(vehicles.get(req.auth.tenantId, id));
  }));

  router.patch('/vehicles/:id', withScope('vehicles:write', (req, res) => {
    const id = pathId(req.params.id, 'El vehículo');
    vehicles.requireRow(req.auth.tenantId, id); // 404 before 400: see docs/decisions.md, order of checks
    const body = parseJsonBody(PatchVehicle, req);
    res.json(vehicles.patch(req.auth.tenantId, id, body));
  }));
}
