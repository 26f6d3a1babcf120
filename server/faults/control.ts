import { z } from 'zod';
import { worldPathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { IdPath } from '../control/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { FaultRuleInput, FaultRuleView, isPlatformFault, WorldFaults } from './schema.ts';
import { PlatformFaultBody } from '../platforms/fault-body.ts';
import { PlatformFault } from '../platforms/answers.ts';
import { answer, DeletedCount, IdDeleted } from '../control/answers.ts';

/**
 * The body is checked to be a JSON object (parseJsonBody) and passed on as it came; the service
 * parses its fields (a rule or a platform fault). Not rebuilt as a record: a `__proto__` key set on
 * a new object became its prototype, out of sight of the unknown-field check, and the rule was made.
 */
const AnyObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

const FaultPath = z.object({ id: z.string(), faultId: z.string().meta({ description: 'El id de la regla, p. ej. flt_1.' }) });

/** `/_testbed/tenants/{id}/faults[/{faultId}]` (contract §5): a world's fault rules and its own platform faults. */
export const faultsControl: ControlCapability = {
  tags: { Fallas: 'Fallas de un mundo: reglas que hacen fallar, tardar o cortar las respuestas de la API a sus peticiones, y fallas de plataforma solo para ese mundo.' },
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/faults', operationId: 'addWorldFault', tags: ['Fallas'],
      summary: 'Crea una regla de falla del mundo, o fija una falla de plataforma solo para él',
      description: 'Con `platform` y `mode` (none, error, slow) la plataforma falla o tarda solo para este mundo: 200 `{platform, mode, ms}`. '
        + 'Si no, el cuerpo es una regla: 201 con la regla, `hits` y `remaining`. Las reglas se prueban en el orden en que se crearon; '
        + 'la primera que aplica responde. Una respuesta con fallo lleva `X-Testbed-Fault: <id>`.',
      params: IdPath,
      body: z.union([FaultRuleInput, PlatformFaultBody]),
      responses: {
        200: answer(PlatformFault, 'La falla de plataforma, solo para este mundo.'), 201: answer(FaultRuleView, 'La regla, con hits y remaining.'), 404: ['NOT_FOUND'],
      },
      handler: (req, res, { services }) => {
        const tenantId = worldPathId(req.params.id);
        const body = parseJsonBody(AnyObject, req);
        if (isPlatformFault(body)) return void res.json(services.faults.setPlatform(tenantId, body));
        res.status(201).json(services.faults.add(tenantId, body));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/faults', operationId: 'listWorldFaults', tags: ['Fallas'],
      summary: 'Las reglas de falla del mundo con sus contadores, y sus fallas de plataforma',
      params: IdPath,
      responses: { 200: answer(WorldFaults, 'Sus reglas con sus contadores, y sus fallas de plataforma.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.list(worldPathId(req.params.id)));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/faults', operationId: 'clearWorldFaults', tags: ['Fallas'],
      summary: 'Borra todas las reglas y fallas de plataforma del mundo',
      description: 'Con una barra final (`…/faults/`: el faultId de deleteWorldFault vacío) es 404, y no se borra nada.',
      params: IdPath,
      responses: { 200: answer(DeletedCount, 'Cuántas reglas y fallas de plataforma se borraron.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.clear(worldPathId(req.params.id)));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/faults/{faultId}', operationId: 'getWorldFault', tags: ['Fallas'],
      summary: 'Una regla de falla con sus contadores',
      params: FaultPath,
      responses: { 200: answer(FaultRuleView, 'La regla, con hits y remaining de ahora.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.get(worldPathId(req.params.id), String(req.params.faultId)));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/faults/{faultId}', operationId: 'deleteWorldFault', tags: ['Fallas'],
      summary: 'Borra una regla de falla',
      params: FaultPath,
      responses: { 200: answer(IdDeleted, 'La regla borrada.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.faults.remove(worldPathId(req.params.id), String(req.params.faultId)));
      },
    }),
  ],
};
