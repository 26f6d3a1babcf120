import { worldPathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { IdPath } from '../control/schemas.ts';
import { JournalFilter, JournalSelection } from './filter.ts';
import { harAttachment } from './har.ts';
import { answer, DeletedCount } from '../control/answers.ts';
import { JournalHar, JournalPage } from './answers.ts';

/**
 * A world's request journal (contract §5): every request made with one of its keys, refused ones
 * included, with headers and bodies (never a secret). Kept in memory within FLEET_JOURNAL_MB.
 */
export const journalControl: ControlCapability = {
  tags: { Solicitudes: 'El diario de cada mundo: lo que su código envió con sus claves y lo que recibió.' },
  operations: [
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/requests', operationId: 'listRequests', tags: ['Solicitudes'],
      summary: 'Las solicitudes de un mundo, la más reciente primero',
      description:
        '`path` es una plantilla (`/v1/vehicles/{id}`) o una ruta concreta; `status` un código (`404`), una clase (`4xx`) o `none` (sin respuesta); ' +
        '`operation` un operationId de /v1/openapi.json. `startingAfter` es el id de la última entrada de la página anterior. ' +
        'El encabezado authorization muestra solo el prefijo de la clave; los cuerpos se cortan a 64 KiB (`truncated: true`), y las entradas más antiguas pueden perderlos para caber en FLEET_JOURNAL_MB (`body: null`, `truncated: true`); ' +
        'de un multipart se describe cada parte (nombre, archivo, tipo, tamaño), nunca los bytes del archivo.',
      params: IdPath,
      query: JournalFilter,
      responses: { 200: answer(JournalPage, 'Una página de entradas, la más reciente primero.'), 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
      handler: (req, res, { services }) => {
        res.json(services.journal.list(worldPathId(req.params.id), req.query));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/tenants/{id}/requests', operationId: 'clearRequests', tags: ['Solicitudes'],
      summary: 'Vacía el diario de un mundo',
      params: IdPath,
      responses: { 200: answer(DeletedCount, 'Cuántas entradas se borraron.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.journal.clear(worldPathId(req.params.id)));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/tenants/{id}/requests.har', operationId: 'exportRequestsHar', tags: ['Solicitudes'],
      summary: 'El diario de un mundo como HAR 1.2, para abrirlo en las herramientas de desarrollo del navegador',
      description: 'Todas las entradas que el filtro selecciona, la más antigua primero. Acepta los filtros de listRequests salvo limit y startingAfter.',
      params: IdPath,
      query: JournalSelection,
      responses: { 200: answer(JournalHar, 'Un archivo HAR 1.2 (Content-Disposition: attachment).'), 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
      handler: (req, res, { services }) => {
        const id = worldPathId(req.params.id);
        const har = services.journal.har(id, req.query);
        res.setHeader('Content-Disposition', harAttachment(id));
        res.json(har);
      },
    }),
  ],
};
