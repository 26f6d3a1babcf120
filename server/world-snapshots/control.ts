import { z } from 'zod';
import { worldPathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { controlBody, IdPath } from '../control/schemas.ts';
import { mustBe } from '../common/schemas.ts';
import { parseJsonBody } from '../http/parse.ts';
import { SNAPSHOT_NAME } from '../snapshots/files.ts';
import { SaveBody } from '../snapshots/control.ts';
import { answer, NotSynced, Restored, SnapshotDeleted, WorldSnapshotList } from '../control/answers.ts';
import { Id, Timestamp } from '../openapi/schemas.ts';

const SavedWorldSnapshot = z.object({ name: z.string(), tenant: Id, createdAt: Timestamp.meta({ description: 'La hora simulada del mundo al guardarla.' }) })
  .meta({ id: 'SavedWorldSnapshot' });

/** The name the service checks (400 in its own words when it does not fit), shown as its pattern. */
const NamePath = IdPath.extend({
  name: z.string().regex(SNAPSHOT_NAME).meta({ description: 'De 1 a 64 letras minúsculas, dígitos o guiones.', example: 'inicio' }),
});

/** What a restore clears besides, neither of which a world snapshot holds (docs/control-api.md). */
const RestoreBody = controlBody({
  clearFaults: z.boolean({ error: mustBe('clearFaults', 'true o false') }).optional()
    .meta({ description: 'Borra las reglas de falla y las fallas de plataforma del mundo al restaurarlo, una vez puesto de vuelta y antes de leer los días transcurridos (una restauración rechazada no borra nada).' }),
  clearRequests: z.boolean({ error: mustBe('clearRequests', 'true o false') }).optional()
    .meta({ description: 'Vacía el diario de solicitudes del mundo tras restaurar.' }),
});

const WorldRestored = Restored.extend({
  notSynced: z.array(NotSynced).meta({
    description: 'Lo que no se pudo leer de las plataformas al ponerse al día (los días que el mundo recorrió desde la instantánea, un mundo con una falla de plataforma): '
      + 'el mundo está restaurado igual, y la próxima sincronización lo lee (o `rides generate`); vacío cuando todo se leyó.',
  }),
  cleared: z.object({ faults: z.number().int().min(0).optional(), requests: z.number().int().min(0).optional() })
    .optional().meta({ description: 'Con clearFaults o clearRequests: cuántas reglas y entradas se borraron.' }),
}).meta({ id: 'WorldRestored' });

/** `/_testbed/tenants/{id}/snapshots…` (contract §5): one world saved and rewound, the others untouched. */
export const worldSnapshotsControl: ControlCapability = {
  tags: {
    'Instantáneas de un mundo':
      'Guardar y restaurar un solo mundo (sus datos, sus registros en las plataformas, su reloj, sus lotes y sus claves) mientras los demás siguen.',
  },
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/snapshots', operationId: 'saveWorldSnapshot', tags: ['Instantáneas de un mundo'],
      summary: 'Guarda el estado de un mundo',
      description: 'Las instantáneas de un mundo duran lo que dura serve: un reinicio de serve, un reset, una restauración completa o el borrado del tenant las quitan.',
      params: IdPath,
      body: SaveBody,
      responses: { 201: answer(SavedWorldSnapshot, 'La instantánea del mundo guardada.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const { name } = parseJsonBody(SaveBody, req);
        const saved = await services.worldSnapshots.save(worldPathId(req.params.id), name);
        res.status(201).json({ name: saved.name, tenant: saved.tenant, createdAt: saved.createdAt });
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/snapshots', operationId: 'listWorldSnapshots', tags: ['Instantáneas de un mundo'],
      summary: 'Las instantáneas de un mundo, la más nueva primero',
      params: IdPath,
      responses: { 200: answer(WorldSnapshotList, 'Las instantáneas del mundo, la última guardada primero.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json({ data: services.worldSnapshots.list(worldPathId(req.params.id)) });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/tenants/{id}/snapshots/{name}/restore', operationId: 'restoreWorldSnapshot', tags: ['Instantáneas de un mundo'],
      summary: 'Restaura un mundo; las solicitudes de ese mundo esperan, las de los demás no',
      description: 'Si otro mundo tiene ahora una placa, un VIN o un WhatsApp de la instantánea: 409 que lo nombra, y nada se restaura. '
        + 'La instantánea no guarda las reglas de falla ni el diario de solicitudes: `clearFaults` las borra y `clearRequests` vacía el diario '
        + 'al restaurar (una restauración rechazada no borra nada). Sin cuerpo: ninguna de las dos.',
      params: NamePath,
      body: RestoreBody,
      bodyOptional: true,
      responses: { 200: answer(WorldRestored, 'El mundo como estaba, con su hora.'), 404: ['NOT_FOUND'], 409: ['CONFLICT'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const tenantId = worldPathId(req.params.id);
        const name = String(req.params.name);
        const { clearFaults, clearRequests } = parseJsonBody(RestoreBody, req);
        // Cleared as the restore goes (a refused one clears nothing): the rules once the world is put
        // back, before the days since the save are read; the journal before its held requests go on.
        const cleared: { faults?: number; requests?: number } = {};
        const restored = await services.worldSnapshots.restore(tenantId, name, {
          onPutBack: clearFaults ? () => void (cleared.faults = services.faults.clear(tenantId).deleted) : undefined,
          beforeReopen: clearRequests ? () => void (cleared.requests = services.journal.clear(tenantId).deleted) : undefined,
        });
        res.json({ ...restored, ...(clearFaults || clearRequests ? { cleared } : {}) });
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/snapshots/{name}', operationId: 'deleteWorldSnapshot', tags: ['Instantáneas de un mundo'],
      summary: 'Borra una instantánea de un mundo',
      params: NamePath,
      responses: { 200: answer(SnapshotDeleted, 'La instantánea olvidada.'), 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        res.json(await services.worldSnapshots.remove(worldPathId(req.params.id), String(req.params.name)));
      },
    }),
  ],
};
