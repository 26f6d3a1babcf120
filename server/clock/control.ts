import { z } from 'zod';
import { answer, Now, NowSynced } from '../control/answers.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { controlBody, notEmptyTenant, TenantQuery, tenantOfQuery } from '../control/schemas.ts';
import { mustBe } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { advanceWorld, nowOf, requireTenant } from './service.ts';

export const AdvanceBody = controlBody({
  duration: z.string({ error: mustBe('duration', 'texto', '6h') }),
  tenant: z.string({ error: 'tenant debe ser el id de un tenant' }).optional(),
});

/** The service time, or one tenant's (a world's) time: read it, move it. */
export const clockControl: ControlCapability = {
  tags: { Reloj: 'La hora simulada: leerla y avanzarla; lo que vence al avanzar ya ocurrió al responder.' },
  operations: [
    defineControlOperation({
      method: 'get', path: '/_testbed/clock', operationId: 'getClock', tags: ['Reloj'],
      summary: 'La hora simulada del servicio o de un tenant',
      query: TenantQuery,
      responses: { 200: answer(Now, 'La hora simulada.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { deps }) => {
        const tenant = tenantOfQuery(req.query);
        const tenantId = tenant === undefined ? undefined : requireTenant(deps, tenant);
        res.json({ now: nowOf(deps, tenantId) });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/clock/advance', operationId: 'advanceClock', tags: ['Reloj'],
      summary: 'Avanza el reloj de todos los mundos o de uno; lo vencido ya ocurrió al responder',
      body: AdvanceBody,
      responses: { 200: answer(NowSynced, 'La hora simulada, y lo vencido que no se pudo leer de las plataformas (una plataforma caída): el tiempo avanzó igual, y se lee en la próxima pasada.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { deps, services }) => {
        const { duration, tenant } = parseJsonBody(AdvanceBody, req);
        res.json(await advanceWorld(deps, services, duration, notEmptyTenant(tenant)));
      },
    }),
  ],
};
