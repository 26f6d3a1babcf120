import { IdParams } from '../common/schemas.ts';
import { defineOperation, LIST_DESCRIPTION } from '../openapi/index.ts';
import { Assignment, AssignmentPage } from './response-schema.ts';
import { CreateAssignment, ListAssignmentsQuery } from './schema.ts';

export const assignmentOperations = [
  defineOperation({
    method: 'get', path: '/v1/assignments', operationId: 'listAssignments', tag: 'Assignments', access: 'drivers:read',
    summary: 'Lista las asignaciones de la flota', description: LIST_DESCRIPTION,
    query: ListAssignmentsQuery,
    responses: { 200: AssignmentPage },
  }),
  defineOperation({
    method: 'post', path: '/v1/assignments', operationId: 'createAssignment', tag: 'Assignments', access: 'drivers:write',
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
  }),
  defineOperation({
    method: 'get', path: '/v1/assignments/{id}', operationId: 'getAssignment', tag: 'Assignments', access: 'drivers:read',
    summary: 'Una asignación', params: IdParams,
    responses: { 200: Assignment, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'delete', path: '/v1/assignments/{id}', operationId: 'endAssignment', tag: 'Assignments', access: 'drivers:write',
    summary: 'Termina una asignación', params: IdParams,
    description: 'Desvincula al conductor en las plataformas; si una no responde, se reintenta en segundo plano.',
    responses: { 200: { schema: Assignment, description: 'La asignación, ended.' }, 404: ['NOT_FOUND'] },
  }),
];
