import { z } from 'zod';
import { pathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { IdPath } from '../control/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { FaultRuleInput, WorldPlatformFault } from './schema.ts';

const tenantOf = (value: unknown) => pathId(value, 'El tenant');

/** The body is checked to be a JSON object here; the service parses its fields (a rule or a platform fault). */
const AnyObject = z.record(z.string(), z.unknown());

/** A body naming a platform sets that platform's fault for the world; any other is a rule. */
const isPlatformFault = (body: Record<string, unknown>) => 'platform' in body;

const FaultPath = z.object({ id: z.string(), faultId: z.string().meta({ description: 'El id de la regla, p. ej. flt_1.' }) });

const RULE_ANSWER = '{id, effect, operation, method, path, times, after, probability, retryAfter, delayMs, when, hits, remaining}';

/** `/_testbed/tenants/{id}/faults[/{faultId}]` (contract §5): a world's fault rules and its own platform faults. */
export const faultsControl: ControlCapability = {
  tags: { Fallos: 'Fallos de un mundo: reglas que hacen fallar, tardar o cortar las respuestas de la API a sus peticiones, y fallas de plataforma solo para ese mundo.' },
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/faults', operationId: 'addWorldFault', tags: ['Fallos'],
      summary: 'Crea una regla de fallo del mundo, o fija una falla de plataforma solo para él',
      description: 'Con `platform` y `mode` (none, error, slow) la plataforma falla o tarda solo para este mundo: 200 `{platform, mode, ms}`. '
        + 'Si no, el cuerpo es una regla: 201 con la regla, `hits` y `remaining`. Las reglas se prueban en el orden en que se crearon; '
        + 'la primera que aplica responde. Una respuesta con fallo lleva `X-Testbed-Fault: <id>`.',
      params: IdPath,
      body: z.union([FaultRuleInput, WorldPlatformFault]),
      responses: { 200: { description: '{platform, mode, ms}' }, 201: { description: RULE_ANSWER }, 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        const tenantId = tenantOf(req.params.id);
        const body = parseJsonBody(AnyObject, req);
        if (isPlatformFault(body)) return void res.json(services.faults.setPlatform(tenantId, body));
        res.status(201).json(services.faults.add(tenantId, body));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/faults', operationId: 'listWorldFaults', tags: ['Fallos'],
      summary: 'Las reglas de fallo del mundo con sus contadores, y sus fallas de plataforma',
      params: IdPath,
      responses: { 200: { description: `{data: [${RULE_ANSWER}], platforms: {platform_a?: {mode, ms}, platform_b?: {mode, ms}}}` }, 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.list(tenantOf(req.params.id)));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/faults', operationId: 'clearWorldFaults', tags: ['Fallos'],
      summary: 'Borra todas las reglas y fallas de plataforma del mundo',
      params: IdPath,
      responses: { 200: { description: '{deleted: N}' }, 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.clear(tenantOf(req.params.id)));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/faults/{faultId}', operationId: 'deleteWorldFault', tags: ['Fallos'],
      summary: 'Borra una regla de fallo',
      params: FaultPath,
      responses: { 200: { description: '{id, deleted: true}' }, 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.remove(tenantOf(req.params.id), String(req.params.faultId)));
      },
    }),
  ],
};
