import { z } from 'zod';
import { IdParams, pathId } from '../common/schemas.ts';
import { defineOperation } from '../openapi/index.ts';
import { Document, DocumentList } from './response-schema.ts';
import { DOCUMENT_TYPES } from './service.ts';
import { MAX_TEXT_FIELDS, readUpload } from './upload.ts';

/**
 * What the document shows of the upload; upload.ts reads the parts themselves, as they stream. It
 * ignores a text field of another name (up to MAX_TEXT_FIELDS) and refuses a second file part (400),
 * so extra parts are allowed: the document says so rather than refusing them.
 */
const UploadForm = z
  .object({
    type: z.enum(DOCUMENT_TYPES),
    file: z.string().meta({ format: 'binary', description: 'JPEG o PNG, reconocido por su contenido (firma, primer y último bloque), 4 MB como máximo.' }),
  })
  // Open rather than typed as text: a typed index signature would clash with `file` in generated clients.
  .catchall(z.unknown().meta({
    description: `Otro campo de texto: se ignora. El formulario admite como máximo ${MAX_TEXT_FIELDS} campos de texto, \`type\` incluido ` +
      '(con más es 400), y `type` una sola vez. Una segunda parte de archivo, con cualquier nombre, es 400.',
  }))
  .meta({ id: 'DocumentUpload' });

const vehicleId = (value: unknown) => pathId(value, 'El vehículo');

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const documentOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/documents', operationId: 'uploadDocument', tags: ['Documents'], scope: 'documents:write',
    summary: 'Sube la tarjeta de circulación (la envía a revisión en platform_a)',
    description:
      'Requiere un registro previo en platform_a (409). El archivo se lee en streaming y se corta al pasar de 4 MB (413 FILE_TOO_LARGE); ' +
      'un type no válido es 400 aunque el archivo tampoco lo sea, y un archivo que no es JPEG ni PNG es 415 antes del 409; ' +
      'una solicitud cuyo Content-Length pasa de 4 MB + 64 KB es 413 sin leerla. ' +
      'Subir la tarjeta de nuevo reinicia la revisión, también tras una aprobada: el registro vuelve a pending hasta el nuevo veredicto.',
    params: IdParams, content: { 'multipart/form-data': UploadForm },
    responses: {
      201: { schema: Document, description: 'Enviada a revisión.' },
      400: ['VALIDATION'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 413: ['FILE_TOO_LARGE'], 415: ['INVALID_FILE_TYPE'],
      422: ['PLATFORM_REJECTED'],
    },
    handler: async (req, res, { documents }) => {
      const id = vehicleId(req.params.id);
      // 404 before 400/413/415 (docs/decisions.md): and another tenant's vehicle never makes us read 4 MB.
      documents.requireVehicle(req.auth.tenantId, id);
      res.status(201).json(await documents.upload(req.auth.tenantId, id, await readUpload(req)));
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/documents', operationId: 'listDocuments', tags: ['Documents'], scope: 'vehicles:read',
    summary: 'Historial de documentos del vehículo, el más reciente primero', params: IdParams,
    responses: { 200: DocumentList, 404: ['NOT_FOUND'] },
    handler: (req, res, { documents }) => {
      res.json({ data: documents.list(req.auth.tenantId, vehicleId(req.params.id)) });
    },
  }),
];
