import { IdParams } from '../common/schemas.ts';
import { defineOperation } from '../openapi/index.ts';
import { BatchAccepted, Job } from './response-schema.ts';
import { DriverInvitationsBatch, VehicleRegistrationsBatch } from './schema.ts';

const ACCEPTED =
  'Responde 202 al instante; el lote corre en segundo plano (consulta GET /v1/jobs/{id}). Ids repetidos cuentan una vez. ' +
  'Si ningún id es elegible: 202 con jobId null y total 0.';

export const jobOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/registrations/batch', operationId: 'registerVehiclesBatch', tag: 'Batches',
    access: 'vehicles:write', summary: 'Registra muchos vehículos en una plataforma',
    description: `${ACCEPTED} Omitidos (skipped): inexistentes, de otra flota o ya registrados en la plataforma.`,
    body: VehicleRegistrationsBatch,
    responses: { 202: BatchAccepted },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers/invitations/batch', operationId: 'inviteDriversBatch', tag: 'Batches',
    access: 'drivers:write', summary: 'Invita a muchos conductores a una plataforma',
    description: `${ACCEPTED} Omitidos (skipped): inexistentes, de otra flota o ya invitados. platform_b: 403 PLATFORM_NOT_ENABLED.`,
    body: DriverInvitationsBatch,
    responses: { 202: BatchAccepted, 403: ['PLATFORM_NOT_ENABLED'] },
  }),
  defineOperation({
    method: 'get', path: '/v1/jobs/{id}', operationId: 'getJob', tag: 'Batches', access: 'key',
    summary: 'Estado, contadores y resultados de un lote',
    description: 'Requiere vehicles:read para lotes de vehículos y drivers:read para lotes de conductores (403 INSUFFICIENT_SCOPE).',
    params: IdParams,
    responses: { 200: Job, 403: ['INSUFFICIENT_SCOPE'], 404: ['NOT_FOUND'] },
  }),
];
