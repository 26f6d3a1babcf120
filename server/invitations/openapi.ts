import { z } from 'zod';
import { IdParams, Platform, Uuid } from '../common/schemas.ts';
import { dataListOf, defineOperation } from '../openapi/index.ts';
import { Invitation } from '../drivers/response-schema.ts';
import { InviteBody } from './routes.ts';

const PlatformParams = z.object({ id: Uuid, platform: Platform });
const InvitationList = dataListOf(Invitation, 'InvitationList');
const NOT_ON_B = 'platform_b no tiene invitaciones en v1: 403 PLATFORM_NOT_ENABLED sin llamar a ninguna plataforma.';

export const invitationOperations = [
  defineOperation({
    method: 'post', path: '/v1/drivers/{id}/invitations', operationId: 'inviteDriver', tag: 'Invitations', access: 'drivers:write',
    summary: 'Invita al conductor a una plataforma',
    description: `Una invitación que ya existe (invited, bound o rejected) se devuelve sin cambios (200); para reinvitar a un conductor que rechazó, primero DELETE. ${NOT_ON_B}`,
    params: IdParams, body: InviteBody, callsPlatform: true,
    responses: {
      201: { schema: Invitation, description: 'Invitación enviada (invited).' },
      200: { schema: Invitation, description: 'La invitación ya existía: se devuelve como está guardada.' },
      403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 409: ['DRIVER_BOUND_ELSEWHERE'], 422: ['PLATFORM_REJECTED'],
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}/invitations', operationId: 'listInvitations', tag: 'Invitations', access: 'drivers:read',
    summary: 'Las invitaciones del conductor (una por plataforma)', params: IdParams,
    responses: { 200: InvitationList, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'get', path: '/v1/drivers/{id}/invitations/{platform}', operationId: 'getInvitation', tag: 'Invitations', access: 'drivers:read',
    summary: 'La invitación guardada (sin consultar la plataforma)', params: PlatformParams,
    responses: { 200: Invitation, 404: ['NOT_FOUND'] },
  }),
  defineOperation({
    method: 'post', path: '/v1/drivers/{id}/invitations/{platform}/refresh', operationId: 'refreshInvitation', tag: 'Invitations',
    access: 'drivers:write', summary: 'Consulta platform_a y guarda el estado vivo',
    description: `Una invitación none no tiene nada que consultar: 409. ${NOT_ON_B}`,
    params: PlatformParams, callsPlatform: true,
    responses: { 200: Invitation, 403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 422: ['PLATFORM_REJECTED'] },
  }),
  defineOperation({
    method: 'delete', path: '/v1/drivers/{id}/invitations/{platform}', operationId: 'cancelInvitation', tag: 'Invitations',
    access: 'drivers:write', summary: 'Cancela la invitación o desvincula al conductor en platform_a',
    description: `Devuelve la invitación en none, con acceptedAt null: el WhatsApp del conductor deja de estar bloqueado. ${NOT_ON_B}`,
    params: PlatformParams, callsPlatform: true,
    responses: { 200: Invitation, 403: ['PLATFORM_NOT_ENABLED'], 404: ['NOT_FOUND'], 422: ['PLATFORM_REJECTED'] },
  }),
];
