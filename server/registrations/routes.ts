import { actionPlatform, IdParams, pathId, pathPlatform, PlatformBody, PlatformParams } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { defineOperation } from '../openapi/index.ts';
import { Registration, RegistrationList } from './response-schema.ts';

export const RegisterBody = PlatformBody;

const vehicleId = (value: unknown) => pathId(value, 'El vehículo');

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const registrationOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/registrations', operationId: 'registerVehicle', tags: ['Registrations'], scope: 'vehicles:write',
    summary: 'Registra el vehículo en una plataforma',
    description:
      'platform_a: asíncrono; queda pending con documentsRequired true y el vehículo en pending_platform_a hasta que termine la revisión, ' +
      'que empieza al subir la tarjeta de circulación. Requiere una ciudad del catálogo (422 CITY_REQUIRED). ' +
      'platform_b: instantáneo con VIN (sin VIN: 422 VALIDATION con `details` que nombra `vin`). Repetir el POST de un vehículo ya registrado devuelve 200 sin cambios.',
    params: IdParams, body: RegisterBody,
    responses: {
      201: { schema: Registration, description: 'Registro iniciado (platform_a: pending; platform_b: registered).' },
      200: { schema: Registration, description: 'El vehículo ya estaba en la plataforma: se devuelve sin cambios.' },
      404: ['NOT_FOUND'],
      409: ['ALREADY_REGISTERED', 'CONFLICT'],
      422: ['CITY_REQUIRED', 'VALIDATION', 'PLATFORM_REJECTED'],
    },
    handler: async (req, res, { registrations }) => {
      const id = vehicleId(req.params.id);
      // 404 before 400 (docs/decisions.md, order of checks): another tenant's vehicle never reveals body rules.
      registrations.requireVehicle(req.auth.tenantId, id);
      const { created, registration } = await registrations.register(req.auth.tenantId, id, parseJsonBody(RegisterBody, req).platform);
      res.status(created ? 201 : 200).json(registration);
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/registrations', operationId: 'listRegistrations', tags: ['Registrations'], scope: 'vehicles:read',
    summary: 'Los dos registros del vehículo (uno por plataforma)', params: IdParams,
    responses: { 200: RegistrationList, 404: ['NOT_FOUND'] },
    handler: (req, res, { registrations }) => {
      res.json({ data: registrations.list(req.auth.tenantId, vehicleId(req.params.id)) });
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/registrations/{platform}', operationId: 'getRegistration', tags: ['Registrations'],
    scope: 'vehicles:read', summary: 'El registro guardado (barato, para sondear; no consulta la plataforma)', params: PlatformParams,
    responses: { 200: Registration, 404: ['NOT_FOUND'] },
    handler: (req, res, { registrations }) => {
      res.json(registrations.get(req.auth.tenantId, vehicleId(req.params.id), pathPlatform(req.params.platform)));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/registrations/{platform}/refresh', operationId: 'refreshRegistration', tags: ['Registrations'],
    scope: 'vehicles:write', summary: 'Consulta platform_a y guarda su veredicto',
    description: 'Solo platform_a: en platform_b no aplica (422 CONFLICT); otro nombre de plataforma es 400 VALIDATION. Un registro none no tiene nada que consultar: 409 CONFLICT.',
    params: PlatformParams,
    responses: { 200: Registration, 400: ['VALIDATION'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 422: ['CONFLICT', 'PLATFORM_REJECTED'] },
    handler: async (req, res, { registrations }) => {
      const id = vehicleId(req.params.id);
      registrations.requireVehicle(req.auth.tenantId, id); // 404 before 400 (docs/decisions.md, "Order of checks")
      res.json(await registrations.refresh(req.auth.tenantId, id, actionPlatform(req.params.platform)));
    },
  }),
];
