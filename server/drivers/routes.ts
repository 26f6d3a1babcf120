import { IdParams, pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Driver, DriverPage } from './response-schema.ts';
import { CreateDriver, ListDriversQuery, PatchDriver, withPhoneErrors } from './schema.ts';

const PHONE_NOTE = 'Un whatsapp fuera del patrón, cuando es el único problema, es 400 INVALID_PHONE.';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const driverOperations = [
  defineOperation({
    method: 'get', path: '/v1/drivers', operationId: 'listDrivers', tags: ['Drivers'], scope: 'drivers:read',
    summary: 'Lista los conductores de la flota', description: `${LIST_DESCRIPTION} ${PHONE_NOTE}`,
    query: ListDriversQuery,
    responses: { 200: DriverPage, 400: ['INVALID_PHONE'] },
    handler: (req, res, { drivers }) => {
      const { limit, startingAfter, whatsapp } = withPhoneErrors(() => ListDriversQuery.parse(req.query));
      res.json(drivers.list(req.auth.tenantId, { whatsapp }, limit, startingAfter));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers', operationId: 'createDriver', tags: ['Drivers'], scope: 'drivers:write',
    summary: 'Crea un conductor',
    description: `Con vehicleId abre además una asignación (404 si el vehículo no existe). whatsapp duplicado: 409. ${PHONE_NOTE}`,
    body: CreateDriver,
    responses: { 201: Driver, 400: ['INVALID_PHONE'], 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
    handler: async (req, res, { drivers }) => {
      const body = withPhoneErrors(() => parseJsonBody(CreateDriver, req));
      res.status(201).json(await drivers.create(req.auth.tenantId, body));
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}', operationId: 'getDriver', tags: ['Drivers'], scope: 'drivers:read',
    summary: 'Un conductor', params: IdParams,
    responses: { 200: Driver, 404: ['NOT_FOUND'] },
    handler: (req, res, { drivers }) => {
      res.json(drivers.get(req.auth.tenantId, pathId(req.params.id, 'El conductor')));
    },
  }),
  defineOperation({
    method: 'patch', path: '/v1/drivers/{id}', operationId: 'patchDriver', tags: ['Drivers'], scope: 'drivers:write',
    summary: 'Modifica un conductor',
    description: `Cambiar whatsapp después de que el conductor aceptó la invitación de platform_a: 409. ${PHONE_NOTE}`,
    params: IdParams, body: PatchDriver,
    responses: { 200: Driver, 400: ['INVALID_PHONE'], 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
    handler: async (req, res, { drivers }) => {
      const id = pathId(req.params.id, 'El conductor');
      drivers.requireRow(req.auth.tenantId, id); // 404 before 400: see docs/decisions.md, order of checks
      res.json(await drivers.patch(req.auth.tenantId, id, withPhoneErrors(() => parseJsonBody(PatchDriver, req))));
    },
  }),
];
