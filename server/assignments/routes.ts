import { IdParams, pathId } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Assignment, AssignmentPage } from './response-schema.ts';
import { CreateAssignment, ListAssignmentsQuery } from './schema.ts';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const assignmentOperations = [
  defineOperation({
    method: 'get', path: '/v1/assignments', operationId: 'listAssignments', tags: ['Assignments'], scope: 'drivers:read',
    summary: 'Lista las asignaciones de la flota', description: LIST_DESCRIPTION,
    query: ListAssignmentsQuery,
    responses: { 200: AssignmentPage },
    handler: (req, res, { assignments }) => {
      const { limit, startingAfter, vehicleId, driverId, status } = ListAssignmentsQuery.parse(req.query);
      res.json(assignments.list(req.auth.tenantId, { vehicleId, driverId, status }, limit, startingAfter));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/assignments', operationId: 'createAssignment', tags: ['Assignments'], scope: 'drivers:write',
    summary: 'Asigna un conductor a un vehículo',
    description:
      'Termina cualquier otra asignación activa del mismo vehículo o del mismo conductor. El vínculo se envía a cada ' +
      'plataforma donde vehículo y conductor están activos; si una no responde, la asignación se crea igual con ' +
      'platformSync pending y la sincronización en segundo plano reintenta.',
    body: CreateAssignment,
    responses: {
      201: { schema: Assignment, description: 'Asignación creada (active).' },
      200: { schema: Assignment, description: 'La misma pareja ya estaba asignada: se devuelve esa asignación sin cambios.' },
      404: ['NOT_FOUND'],
    },
    handler: async (req, res, { assignments }) => {
      const { assignment, created } = await assignments.create(req.auth.tenantId, parseJsonBody(CreateAssignment, req));
      res.status(created ? 201 : 200).json(assignment);
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/assignments/{id}', operationId: 'getAssignment', tags: ['Assignments'], scope: 'drivers:read',
    summary: 'Una asignación', params: IdParams,
    responses: { 200: Assignment, 404: ['NOT_FOUND'] },
    handler: (req, res, { assignments }) => {
      res.json(assignments.get(req.auth.tenantId, pathId(req.params.id, 'La asignación')));
    },
  }),
  defineOperation({
    method: 'delete', path: '/v1/assignments/{id}', operationId: 'endAssignment', tags: ['Assignments'], scope: 'drivers:write',
    summary: 'Termina una asignación', params: IdParams,
    description: 'Desvincula al conductor en las plataformas; si una no responde, se reintenta en segundo plano.',
    responses: { 200: { schema: Assignment, description: 'La asignación, ended.' }, 404: ['NOT_FOUND'] },
    handler: async (req, res, { assignments }) => {
      res.json(await assignments.end(req.auth.tenantId, pathId(req.params.id, 'La asignación')));
    },
  }),
];
