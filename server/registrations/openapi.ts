import { z } from 'zod';
import { IdParams, Platform, Uuid } from '../common/schemas.ts';
import { defineOperation } from '../openapi/index.ts';
import { Registration, RegistrationList } from './response-schema.ts';
import { RegisterBody } from './routes.ts';

const PlatformParams = z.object({ id: Uuid, platform: Platform });

export const registrationOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/registrations', operationId: 'registerVehicle', tag: 'Registrations', access: 'vehicles:write',
    summary: 'Registra el vehículo en una plataforma',
    description:
      'platform_a: asíncrono; queda pending con documentsRequired true y el vehículo en pending_platform_a hasta que termine la revisión, ' +
      'que empieza al subir la tarjeta de circulación. Requiere una ciudad del catálogo (422 CITY_REQUIRED). ' +
      'platform_b: instantáneo con VIN (sin VIN: 422 VALIDATION con `details` que nombra `vin`). Repetir el POST de un vehículo ya registrado devuelve 200 sin cambios.',
    params: IdParams, body: RegisterBody, callsPlatform: true,
    responses: {
      201: { schema: Registration, description: 'Registro iniciado (platform_a: pending; platform_b: registered).' },
      200: { schema: Registration, description: 'El vehículo ya estaba en la plataforma: se devuelve sin cambios.' },
      404: ['NOT_FOUND'],
      409: ['ALREADY_REGISTERED', 'CONFLICT'],
      422: ['CITY_REQUIRED', 'VALIDATION', 'PLATFORM_REJECTED'],
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/registrations', operationId: 'listRegistrations', tag: 'Registrations', access: 'vehicles:read',
    summary: 'Los dos registros del vehículo (uno por plataforma)', params: IdParams,
    responses: { 200: RegistrationList, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/registrations/{platform}', operationId: 'getRegistration', tag: 'Registrations',
    access: 'vehicles:read', summary: 'El registro guardado (barato, para sondear; no consulta la plataforma)', params: PlatformParams,
    responses: { 200: Registration, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/registrations/{platform}/refresh', operationId: 'refreshRegistration', tag: 'Registrations',
    access: 'vehicles:write', summary: 'Consulta platform_a y guarda su veredicto',
    description: 'Solo platform_a: en platform_b no aplica (422 CONFLICT). Un registro none no tiene nada que consultar: 409 CONFLICT.',
    params: PlatformParams, callsPlatform: true,
    responses: { 200: Registration, 404: ['NOT_FOUND'], 409: ['CONFLICT'], 422: ['CONFLICT', 'PLATFORM_REJECTED'] },
  }),
];
