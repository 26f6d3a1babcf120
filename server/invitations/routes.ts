import { IdParams, pathId, pathPlatform, PlatformBody, PlatformParams } from '../common/schemas.ts';
import { Invitation } from '../drivers/response-schema.ts';
import { parseJsonBody } from '../http/parse.ts';
import { dataListOf, defineOperation } from '../openapi/index.ts';

export const InviteBody = PlatformBody;

const InvitationList = dataListOf(Invitation, 'InvitationList');
const NOT_ON_B = 'platform_b no tiene invitaciones en v1: 403 PLATFORM_NOT_ENABLED sin llamar a ninguna plataforma.';
const driverId = (value: unknown) => pathId(value, 'El conductor');

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const invitationOperations = [
  defineOperation({
    method: 'post', path: '/v1/drivers/{id}/invitations', operationId: 'inviteDriver', tags: ['Invitations'], scope: 'drivers:write',
    summary: 'Invita al conductor a una plataforma',
    description: `Una invitación que ya existe (invited, bound o rejected) se devuelve sin cambios (200); para reinvitar a un conductor que rechazó, primero DELETE. ${NOT_ON_B}`,
    params: IdParams, body: InviteBody,
    responses: {
      201: { schema: Invitation, description: 'Invitación enviada (invited).' },
      200: { schema: Invitation, description: 'La invitación ya existía: se devuelve como está guardada.' },
      403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 409: ['DRIVER_BOUND_ELSEWHERE'], 422: ['PLATFORM_REJECTED'],
    },
    handler: async (req, res, { invitations }) => {
      const id = driverId(req.params.id);
      // 404 before 400 (docs/decisions.md, order of checks): an absent driver is named whatever the body.
      invitations.requireDriver(req.auth.tenantId, id);
      const { created, invitation } = await invitations.invite(req.auth.tenantId, id, parseJsonBody(InviteBody, req).platform);
      res.status(created ? 201 : 200).json(invitation);
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}/invitations', operationId: 'listInvitations', tags: ['Invitations'], scope: 'drivers:read',
    summary: 'Las invitaciones del conductor (una por plataforma)', params: IdParams,
    responses: { 200: InvitationList, 404: ['NOT_FOUND'] },
    handler: (req, res, { invitations }) => {
      res.json({ data: invitations.list(req.auth.tenantId, driverId(req.params.id)) });
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}/invitations/{platform}', operationId: 'getInvitation', tags: ['Invitations'], scope: 'drivers:read',
    summary: 'La invitación guardada (sin consultar la plataforma)', params: PlatformParams,
    responses: { 200: Invitation, 404: ['NOT_FOUND'] },
    handler: (req, res, { invitations }) => {
      res.json(invitations.get(req.auth.tenantId, driverId(req.params.id), pathPlatform(req.params.platform)));
    },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers/{id}/invitations/{platform}/refresh', operationId: 'refreshInvitation', tags: ['Invitations'],
    scope: 'drivers:write', summary: 'Consulta platform_a y guarda el estado vivo',
    description: `Una invitación none no tiene nada que consultar: 409. ${NOT_ON_B}`,
    params: PlatformParams,
    responses: { 200: Invitation, 403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 422: ['PLATFORM_REJECTED'] },
    handler: async (req, res, { invitations }) => {
      res.json(await invitations.refresh(req.auth.tenantId, driverId(req.params.id), pathPlatform(req.params.platform)));
    },
  }),
  defineOperation({
    method: 'delete', path: '/v1/drivers/{id}/invitations/{platform}', operationId: 'cancelInvitation', tags: ['Invitations'],
    scope: 'drivers:write', summary: 'Cancela la invitación o desvincula al conductor en platform_a',
    description: `Devuelve la invitación en none, con acceptedAt null: el WhatsApp del conductor deja de estar bloqueado. ${NOT_ON_B}`,
    params: PlatformParams,
    responses: { 200: Invitation, 403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 422: ['PLATFORM_REJECTED'] },
    handler: async (req, res, { invitations }) => {
      res.json(await invitations.cancel(req.auth.tenantId, driverId(req.params.id), pathPlatform(req.params.platform)));
    },
  }),
];
