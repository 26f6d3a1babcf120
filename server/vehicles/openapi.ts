import { IdParams } from '../common/schemas.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Vehicle, VehiclePage } from './response-schema.ts';
import { CreateVehicle, ListVehiclesQuery, PatchVehicle } from './schema.ts';

export const vehicleOperations = [
  defineOperation({
    method: 'get', path: '/v1/vehicles', operationId: 'listVehicles', tag: 'Vehicles', access: 'vehicles:read',
    summary: 'Lista los vehículos de la flota', description: `${LIST_DESCRIPTION} El filtro plate ignora mayúsculas, espacios y guiones.`,
    query: ListVehiclesQuery,
    responses: { 200: VehiclePage },
  }),
  defineOperation({
    method: 'post', path: '/v1/vehicles', operationId: 'createVehicle', tag: 'Vehicles', access: 'vehicles:write',
    summary: 'Crea un vehículo',
    description: 'Se requiere color o colorId; si van ambos deben nombrar el mismo color. Nace con sus dos registros en none.',
    body: CreateVehicle,
    responses: { 201: Vehicle, 409: ['CONFLICT'] },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}', operationId: 'getVehicle', tag: 'Vehicles', access: 'vehicles:read',
    summary: 'Un vehículo', params: IdParams,
    responses: { 200: Vehicle, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'patch', path: '/v1/vehicles/{id}', operationId: 'patchVehicle', tag: 'Vehicles', access: 'vehicles:write',
    summary: 'Modifica un vehículo',
    description:
      'plate, brand, model y year no se pueden modificar (400). Mientras el vehículo está registrado en platform_a ' +
      '(pending, approved o rejected) su color no puede cambiar: 409 VEHICLE_COLOR_LOCKED y no se guarda nada de la llamada.',
    params: IdParams, body: PatchVehicle,
    responses: { 200: Vehicle, 404: ['NOT_FOUND'], 409: ['CONFLICT', 'VEHICLE_COLOR_LOCKED'] },
  }),
];
