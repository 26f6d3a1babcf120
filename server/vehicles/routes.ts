import { IdParams, pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Vehicle, VehiclePage } from './response-schema.ts';
import { CreateVehicle, ListVehiclesQuery, PatchVehicle } from './schema.ts';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const vehicleOperations = [
  defineOperation({
    method: 'get', path: '/v1/vehicles', operationId: 'listVehicles', tags: ['Vehicles'], scope: 'vehicles:read',
    summary: 'Lista los vehículos de la flota', description: `${LIST_DESCRIPTION} El filtro plate ignora mayúsculas, espacios y guiones.`,
    query: ListVehiclesQuery,
    responses: { 200: VehiclePage },
    handler: (req, res, { vehicles }) => {
      const { limit, startingAfter, plate, status } = ListVehiclesQuery.parse(req.query);
      res.json(vehicles.list(req.auth.tenantId, { plate, status }, limit, startingAfter));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/vehicles', operationId: 'createVehicle', tags: ['Vehicles'], scope: 'vehicles:write',
    summary: 'Crea un vehículo',
    description: 'Se requiere color o colorId; si van ambos deben nombrar el mismo color. Nace con sus dos registros en none.',
    body: CreateVehicle,
    responses: { 201: Vehicle, 409: ['CONFLICT'] },
    handler: (req, res, { vehicles }) => {
      const body = parseJsonBody(CreateVehicle, req);
      res.status(201).json(vehicles.create(req.auth.tenantId, body));
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}', operationId: 'getVehicle', tags: ['Vehicles'], scope: 'vehicles:read',
    summary: 'Un vehículo', params: IdParams,
    responses: { 200: Vehicle, 404: ['NOT_FOUND'] },
    handler: (req, res, { vehicles }) => {
      res.json(vehicles.get(req.auth.tenantId, pathId(req.params.id, 'El vehículo')));
    },
  }),
  defineOperation({
    method: 'patch', path: '/v1/vehicles/{id}', operationId: 'patchVehicle', tags: ['Vehicles'], scope: 'vehicles:write',
    summary: 'Modifica un vehículo',
    description:
      'plate, brand, model y year no se pueden modificar (400). Si van color y colorId deben nombrar el mismo color. ' +
      'Mientras el vehículo está registrado en platform_a ' +
      '(pending, approved o rejected) su color no puede cambiar: 409 VEHICLE_COLOR_LOCKED y no se guarda nada de la llamada. ' +
      'Mientras está registrado en platform_b su VIN no puede cambiar ni quitarse: 409 CONFLICT.',
    params: IdParams, body: PatchVehicle,
    responses: { 200: Vehicle, 404: ['NOT_FOUND'], 409: ['CONFLICT', 'VEHICLE_COLOR_LOCKED'] },
    handler: (req, res, { vehicles }) => {
      const id = pathId(req.params.id, 'El vehículo');
      vehicles.requireRow(req.auth.tenantId, id); // 404 before 400: see docs/decisions.md, order of checks
      res.json(vehicles.patch(req.auth.tenantId, id, parseJsonBody(PatchVehicle, req)));
    },
  }),
];
