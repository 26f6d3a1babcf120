import { z } from 'zod';
import { PlatformFaultBody } from './fault-body.ts';
import { Platform } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability, type ControlOperation } from '../control/define.ts';
import { controlBody, IdPath, TenantQuery, tenantOfQuery } from '../control/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import type { DeclaredResponses } from '../openapi/registry.ts';
import { answer } from '../control/answers.ts';
import { AnsweredInvitation, PlatformFault, PlatformFaults, PlatformState, ReviewedVehicle, VERDICTS } from './answers.ts';

export const ReviewBody = controlBody({
  verdict: z.enum(VERDICTS, { error: 'verdict debe ser approved o rejected' }),
  card: z.enum(VERDICTS, { error: 'card debe ser approved o rejected' }).optional(),
});

/** The path names no platform outside the two: 404 (the handler), not 400. */
const PlatformPath = z.object({ platform: z.string().meta({ description: `${Platform.options.join(' o ')}.` }) });

const PLATFORM_ERRORS: DeclaredResponses = { 404: ['NOT_FOUND'], 409: ['CONFLICT'], 503: ['PLATFORM_UNAVAILABLE'] };

/** A driver's answer to their platform_a invitation, as they would give it in the app. */
const answerInvitation = (reply: 'accept' | 'decline', summary: string): ControlOperation =>
  defineControlOperation({
    method: 'post', path: `/_testbed/platform-a/drivers/{id}/${reply}`, operationId: `${reply}Invitation`, tags: ['Plataformas'],
    summary,
    params: IdPath,
    responses: { 200: answer(AnsweredInvitation, 'La invitación y su revisión, como platform_a las guardó.'), ...PLATFORM_ERRORS },
    handler: async (req, res, { deps }) => {
      const { id } = IdPath.parse(req.params);
      const live = reply === 'accept' ? await deps.simulators.acceptInvitation(id) : await deps.simulators.declineInvitation(id);
      res.json({ driverId: id, status: live.status, reviewStatus: live.reviewStatus });
    },
  });

/**
 * The simulated platforms as QA plays them: what they hold, their reviewers' and drivers' decisions,
 * and their outages. A fault is the platform's, so every world sees it, as every fleet sees a real outage.
 */
export const platformsControl: ControlCapability = {
  tags: { Plataformas: 'Las plataformas simuladas: su estado, sus revisores y conductores, sus fallas, sus viajes y la sincronización.' },
  operations: [
    defineControlOperation({
      method: 'get', path: '/_testbed/platforms/{platform}', operationId: 'getPlatformState', tags: ['Plataformas'],
      summary: 'Lo que la plataforma simulada tiene ahora',
      params: PlatformPath,
      query: TenantQuery,
      responses: { 200: answer(PlatformState, 'Sus vehículos, conductores y vínculos.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        res.json(await services.platformView(PlatformPath.parse(req.params).platform, tenantOfQuery(req.query)));
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/platform-a/vehicles/{id}/review', operationId: 'reviewVehicle', tags: ['Plataformas'],
      summary: 'platform_a decide la revisión pendiente del vehículo',
      params: IdPath,
      body: ReviewBody,
      responses: { 200: answer(ReviewedVehicle, 'El veredicto pedido; la tarjeta y el registro, como platform_a los guardó.'), ...PLATFORM_ERRORS },
      handler: async (req, res, { deps }) => {
        const { id } = IdPath.parse(req.params);
        const decision = parseJsonBody(ReviewBody, req);
        const decided = await deps.simulators.reviewVehicle(id, decision);
        res.json({ vehicleId: id, verdict: decision.verdict, card: decided.docReviewStatus, status: decided.status });
      },
    }),
    answerInvitation('accept', 'El conductor acepta la invitación en la app'),
    answerInvitation('decline', 'El conductor rechaza la invitación en la app'),
    defineControlOperation({
      method: 'get', path: '/_testbed/faults', operationId: 'listFaults', tags: ['Plataformas'],
      summary: 'Las fallas activas de cada plataforma',
      responses: { 200: answer(PlatformFaults, 'El modo de cada plataforma.'), 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (_req, res, { deps }) => {
        res.json(await deps.simulators.getFaults());
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/faults', operationId: 'setFault', tags: ['Plataformas'],
      summary: 'Una plataforma falla (error) o tarda (slow) hasta volver a none',
      body: PlatformFaultBody,
      responses: { 200: answer(PlatformFault, 'La plataforma en su nuevo modo.'), 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { deps }) => {
        const body = parseJsonBody(PlatformFaultBody, req);
        res.json(await deps.simulators.setFault(body.platform, body.mode, body.ms));
      },
    }),
  ],
};
