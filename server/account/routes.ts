import { defineOperation } from '../openapi/index.ts';
import { API_VERSION, Health, Me } from './response-schema.ts';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const accountOperations = [
  defineOperation({
    method: 'get', path: '/v1/health', operationId: 'getHealth', tags: ['Account'], scope: 'public',
    summary: 'Estado del servicio (sin autenticación)',
    responses: { 200: Health },
    handler: (_req, res) => {
      res.json({ status: 'ok', version: API_VERSION });
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/me', operationId: 'getMe', tags: ['Account'], scope: 'key',
    summary: 'La flota y la clave de API que hacen la llamada',
    responses: { 200: Me },
    handler: (req, res) => {
      const { tenantId, tenantName, keyId, keyPrefix, scopes, environment } = req.auth;
      res.json({ tenantId, tenantName, keyId, keyPrefix, scopes, environment });
    },
  }),
];
