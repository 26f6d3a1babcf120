import { defineOperation } from '../openapi/index.ts';
import { Health, Me } from './response-schema.ts';

export const accountOperations = [
  defineOperation({
    method: 'get', path: '/v1/health', operationId: 'getHealth', tag: 'Account', access: 'public',
    summary: 'Estado del servicio (sin autenticación)',
    responses: { 200: Health },
  }),
  defineOperation({
    method: 'get', path: '/v1/me', operationId: 'getMe', tag: 'Account', access: 'key',
    summary: 'La flota y la clave de API que hacen la llamada',
    responses: { 200: Me },
  }),
];
