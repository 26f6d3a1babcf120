import { IdParams } from '../common/schemas.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Driver, DriverPage } from './response-schema.ts';
import { CreateDriver, ListDriversQuery, PatchDriver } from './schema.ts';

const PHONE_NOTE = 'Un whatsapp fuera del patrón, cuando es el único problema, es 400 INVALID_PHONE.';

export const driverOperations = [
  defineOperation({
    method: 'get', path: '/v1/drivers', operationId: 'listDrivers', tag: 'Drivers', access: 'drivers:read',
    summary: 'Lista los conductores de la flota', description: `${LIST_DESCRIPTION} ${PHONE_NOTE}`,
    query: ListDriversQuery,
    responses: { 200: DriverPage, 400: ['INVALID_PHONE'] },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers', operationId: 'createDriver', tag: 'Drivers', access: 'drivers:write',
    summary: 'Crea un conductor',
    description: `Con vehicleId abre además una asignación (404 si el vehículo no existe). whatsapp duplicado: 409. ${PHONE_NOTE}`,
    body: CreateDriver,
    responses: { 201: Driver, 400: ['INVALID_PHONE'], 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}', operationId: 'getDriver', tag: 'Drivers', access: 'drivers:read',
    summary: 'Un conductor', params: IdParams,
    responses: { 200: Driver, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'patch', path: '/v1/drivers/{id}', operationId: 'patchDriver', tag: 'Drivers', access: 'drivers:write',
    summary: 'Modifica un conductor',
    description: `Cambiar whatsapp después de que el conductor aceptó la invitación de platform_a: 409. ${PHONE_NOTE}`,
    params: IdParams, body: PatchDriver,
    responses: { 200: Driver, 400: ['INVALID_PHONE'], 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
  }),
];
