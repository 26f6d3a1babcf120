import { z } from 'zod';
import { IdParams } from '../common/schemas.ts';
import { defineOperation } from '../openapi/index.ts';
import { Document, DocumentList } from './response-schema.ts';
import { DOCUMENT_TYPES } from './service.ts';

const UploadForm = z
  .object({
    type: z.enum(DOCUMENT_TYPES),
    file: z.string().meta({ format: 'binary', description: 'JPEG o PNG (se reconoce por el contenido), 4 MB como máximo.' }),
  })
  .meta({ id: 'DocumentUpload' });

export const documentOperations = [
  defineOperation({
    method: 'post', path: '/v1/vehicles/{id}/documents', operationId: 'uploadDocument', tag: 'Documents', access: 'documents:write',
    summary: 'Sube la tarjeta de circulación (la envía a revisión en platform_a)',
    description:
      'Requiere un registro previo en platform_a (409). El archivo se lee en streaming y se corta al pasar de 4 MB (413 FILE_TOO_LARGE). ' +
      'Tras una tarjeta rechazada, subirla de nuevo reinicia la revisión.',
    params: IdParams, content: { 'multipart/form-data': UploadForm }, callsPlatform: true,
    responses: {
      201: { schema: Document, description: 'Enviada a revisión.' },
      400: ['VALIDATION'], 404: ['NOT_FOUND'], 409: ['CONFLICT'], 413: ['FILE_TOO_LARGE'], 415: ['INVALID_FILE_TYPE'],
      422: ['PLATFORM_REJECTED'],
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/vehicles/{id}/documents', operationId: 'listDocuments', tag: 'Documents', access: 'vehicles:read',
    summary: 'Historial de documentos del vehículo, el más reciente primero', params: IdParams,
    responses: { 200: DocumentList, 404: ['NOT_FOUND'] },
  }),
];
