import { checkAnyScope, checkScope } from '../auth/authenticate.ts';
import { IdParams, pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { defineOperation } from '../openapi/index.ts';
import { BatchAccepted, Job } from './response-schema.ts';
import { DriverInvitationsBatch, VehicleRegistrationsBatch } from './schema.ts';
import { READ_SCOPE } from './service.ts';

/** Either reads some job: vehicles:read a vehicles' batch, drivers:read a drivers' one. */
const JOB_READ_SCOPES = [...new Set(Object.values(READ_SCOPE))];

const ACCEPTED =
  'Responde 202 al instante; el lote corre en segundo plano (consulta GET /v1/jobs/{id}). Ids repetidos cuentan una vez. ' +
  'Si ningún id es elegible: 202 con jobId null y total 0.';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const jobOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/registrations/batch', operationId: 'registerVehiclesBatch', tags: ['Batches'],
    scope: 'vehicles:write', summary: 'Registra muchos vehículos en una plataforma',
    description: `${ACCEPTED} Omitidos (skipped): inexistentes, de otra flota o ya registrados en la plataforma.`,
    body: VehicleRegistrationsBatch,
    responses: { 202: BatchAccepted },
    handler: (req, res, { jobs }) => {
      const { platform, vehicleIds } = parseJsonBody(VehicleRegistrationsBatch, req);
      res.status(202).json(jobs.registerVehicles(req.auth.tenantId, platform, vehicleIds));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers/invitations/batch', operationId: 'inviteDriversBatch', tags: ['Batches'],
    scope: 'drivers:write', summary: 'Invita a muchos conductores a una plataforma',
    description: `${ACCEPTED} Omitidos (skipped): inexistentes, de otra flota o ya invitados. platform_b: 403 PLATFORM_NOT_ENABLED.`,
    body: DriverInvitationsBatch,
    responses: { 202: BatchAccepted, 403: ['PLATFORM_NOT_ENABLED'] },
    handler: (req, res, { jobs }) => {
      const { platform, driverIds } = parseJsonBody(DriverInvitationsBatch, req);
      res.status(202).json(jobs.inviteDrivers(req.auth.tenantId, platform, driverIds));
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/jobs/{id}', operationId: 'getJob', tags: ['Batches'], scope: 'key',
    summary: 'Estado, contadores y resultados de un lote',
    description: 'Requiere vehicles:read para lotes de vehículos y drivers:read para lotes de conductores (403 INSUFFICIENT_SCOPE).',
    params: IdParams,
    responses: { 200: Job, 403: ['INSUFFICIENT_SCOPE'], 404: ['NOT_FOUND'] },
    // The scope depends on what the job handles, so it is checked after the job is found; a key with
    // no read scope of any kind can read no job, and is told so before whether the id names one
    // (the order of checks: 403 before 404, docs/decisions.md).
    handler: (req, res, { jobs }) => {
      checkAnyScope(req.auth, JOB_READ_SCOPES, 'un lote se lee con el de lo que maneja');
      const { kind, job } = jobs.get(req.auth.tenantId, pathId(req.params.id, 'El lote'));
      checkScope(req.auth, READ_SCOPE[kind]);
      res.json(job);
    },
  }),
];
