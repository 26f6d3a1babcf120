import type { RequestHandler } from 'express';
import { z } from 'zod';
import { createDocument, type oas31, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_VERSION } from '../account/response-schema.ts';
import { GenerateBody } from '../ingestion/testbed.ts';
import { LICENSE, SERVERS } from '../openapi/document-info.ts';
import { ErrorEnvelope } from '../openapi/error-schemas.ts';
import { SaveBody } from '../snapshots/routes.ts';
import { AdvanceBody } from './clock.ts';
import { FaultBody } from './faults.ts';
import { ReviewBody } from './routes.ts';
import { CreateTenant, KeyOptions } from './tenants.ts';

export const CONTROL_OPENAPI_PATH = '/_testbed/openapi.json';

const CONTROL_TAGS = {
  Mundos: 'Tenants (cada uno un mundo con su reloj y sus datos), sus claves de API y sus lotes.',
  Reloj: 'La hora simulada: leerla y avanzarla; lo que vence al avanzar ya ocurrió al responder.',
  Instantáneas: 'Volver al estado inicial, o guardar y restaurar el estado completo de los dos procesos.',
  Plataformas: 'Las plataformas simuladas: su estado, sus revisores y conductores, sus fallas, sus viajes y la sincronización.',
  Cobertura: 'Las transiciones de estado de la spec §3 que una ejecución ejercitó, y las que nunca ocurrieron.',
};

interface ControlOperation {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI template under /_testbed. */
  path: string;
  operationId: string;
  summary: string;
  tag: keyof typeof CONTROL_TAGS;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The success status and what it answers (docs/control-api.md has each field). */
  ok: [200 | 201, string];
  /** Error statuses besides 400 VALIDATION (any bad body) and 401/403 (the guard). */
  errors?: number[];
}

const TenantQuery = z.object({ tenant: z.uuid().optional().meta({ description: 'Un tenant (mundo); sin él, el servicio.' }) });

/**
 * The control API (contract §4) as served by server/testbed/ and server/snapshots/: one entry per
 * route, checked against the routes actually served by test/api/testbed-document.test.ts.
 */
export const CONTROL_OPERATIONS: readonly ControlOperation[] = [
  { method: 'post', path: '/tenants', operationId: 'createTenant', tag: 'Mundos', summary: 'Crea un tenant (un mundo) con sus claves', body: CreateTenant, ok: [201, '{id, name, status, keys: [{id, key, prefix, scopes, environment}]}'] },
  { method: 'get', path: '/tenants', operationId: 'listTenants', tag: 'Mundos', summary: 'Los tenants, cada uno con su hora', ok: [200, '{data: [{id, name, status, now, createdAt}]}'] },
  { method: 'post', path: '/tenants/{id}/approve', operationId: 'approveTenant', tag: 'Mundos', summary: 'Aprueba un tenant pendiente', ok: [200, '{id, status}'], errors: [404] },
  { method: 'delete', path: '/tenants/{id}', operationId: 'deleteTenant', tag: 'Mundos', summary: 'Borra un tenant con todos sus datos y los de las plataformas', ok: [200, '{id, deleted: true}'], errors: [404] },
  { method: 'post', path: '/tenants/{id}/keys', operationId: 'createKey', tag: 'Mundos', summary: 'Crea una clave de API (el secreto solo se muestra aquí)', body: KeyOptions, ok: [201, '{id, key, prefix, scopes, environment}'], errors: [404] },
  { method: 'get', path: '/tenants/{id}/keys', operationId: 'listKeys', tag: 'Mundos', summary: 'Las claves de un tenant, sin secretos', ok: [200, '{data: [{id, prefix, scopes, environment, createdAt, revokedAt}]}'], errors: [404] },
  { method: 'post', path: '/keys/{id}/revoke', operationId: 'revokeKey', tag: 'Mundos', summary: 'Revoca una clave', ok: [200, '{id, revokedAt}'], errors: [404, 409] },
  { method: 'get', path: '/clock', operationId: 'getClock', tag: 'Reloj', summary: 'La hora simulada del servicio o de un tenant', query: TenantQuery, ok: [200, '{now}'], errors: [404] },
  { method: 'post', path: '/clock/advance', operationId: 'advanceClock', tag: 'Reloj', summary: 'Avanza el reloj de todos los mundos o de uno; lo vencido ya ocurrió al responder', body: AdvanceBody, ok: [200, '{now}'], errors: [404, 503] },
  { method: 'post', path: '/reset', operationId: 'reset', tag: 'Instantáneas', summary: 'Vuelve al estado de un directorio de datos nuevo', ok: [200, '{now}'] },
  { method: 'get', path: '/snapshots', operationId: 'listSnapshots', tag: 'Instantáneas', summary: 'Las instantáneas guardadas', ok: [200, '{data: [{name, createdAt, sizeBytes}]}'] },
  { method: 'post', path: '/snapshots', operationId: 'saveSnapshot', tag: 'Instantáneas', summary: 'Guarda el estado completo de los dos procesos', body: SaveBody, ok: [201, '{name, createdAt}'] },
  { method: 'post', path: '/snapshots/{name}/restore', operationId: 'restoreSnapshot', tag: 'Instantáneas', summary: 'Restaura una instantánea', ok: [200, '{name, now}'], errors: [404, 409] },
  { method: 'delete', path: '/snapshots/{name}', operationId: 'deleteSnapshot', tag: 'Instantáneas', summary: 'Borra una instantánea', ok: [200, '{name, deleted: true}'], errors: [404] },
  { method: 'get', path: '/platforms/{platform}', operationId: 'getPlatformState', tag: 'Plataformas', summary: 'Lo que la plataforma simulada tiene ahora', query: TenantQuery, ok: [200, '{vehicles, drivers, bindings}'], errors: [404, 503] },
  { method: 'post', path: '/platform-a/vehicles/{id}/review', operationId: 'reviewVehicle', tag: 'Plataformas', summary: 'platform_a decide la revisión pendiente del vehículo', body: ReviewBody, ok: [200, '{vehicleId, verdict, card}'], errors: [404, 409, 503] },
  { method: 'post', path: '/platform-a/drivers/{id}/accept', operationId: 'acceptInvitation', tag: 'Plataformas', summary: 'El conductor acepta la invitación en la app', ok: [200, '{driverId, status, reviewStatus}'], errors: [404, 409, 503] },
  { method: 'post', path: '/platform-a/drivers/{id}/decline', operationId: 'declineInvitation', tag: 'Plataformas', summary: 'El conductor rechaza la invitación en la app', ok: [200, '{driverId, status, reviewStatus}'], errors: [404, 409, 503] },
  { method: 'post', path: '/rides/generate', operationId: 'generateRides', tag: 'Plataformas', summary: 'Las plataformas producen los viajes de esos días y la API los ingiere', body: GenerateBody, ok: [200, 'conteos por plataforma'], errors: [404, 503] },
  { method: 'get', path: '/faults', operationId: 'listFaults', tag: 'Plataformas', summary: 'Las fallas activas de cada plataforma', ok: [200, '{platform_a: {mode, ms}, platform_b: {mode, ms}}'] },
  { method: 'post', path: '/faults', operationId: 'setFault', tag: 'Plataformas', summary: 'Una plataforma falla (error) o tarda (slow) hasta volver a none', body: FaultBody, ok: [200, '{platform, mode, ms}'], errors: [503] },
  { method: 'post', path: '/sync', operationId: 'syncPlatforms', tag: 'Plataformas', summary: 'Una sincronización completa con las plataformas', ok: [200, '{now}'] },
  { method: 'get', path: '/coverage', operationId: 'getCoverage', tag: 'Cobertura', summary: 'Las transiciones de estado de la spec §3 que ocurrieron, en un tenant o en todos', query: TenantQuery, ok: [200, '{covered, total, transitions: [{machine, from, to, count}]}: cada transición declarada, con count 0 si nunca ocurrió'], errors: [404] },
  { method: 'get', path: '/jobs/{id}', operationId: 'getJob', tag: 'Mundos', summary: 'Un lote de cualquier tenant (para jobs watch)', ok: [200, 'el lote, como GET /v1/jobs/{id}'], errors: [404] },
];

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorEnvelope } } });

const pathParams = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' as const } }));

let cached: oas31.OpenAPIObject | null = null;

/** The control API's own OpenAPI 3.1 document (contract §4), built once. */
export function controlDocument(): oas31.OpenAPIObject {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of CONTROL_OPERATIONS) {
    const responses: Record<string, unknown> = {
      [op.ok[0]]: { description: op.ok[1] },
      400: errorResponse('VALIDATION: cuerpo, nombre o parámetros no válidos'),
      401: errorResponse('UNAUTHORIZED: falta o no coincide FLEET_CONTROL_TOKEN, o se envió una clave de socio'),
      403: errorResponse('FORBIDDEN: sin FLEET_CONTROL_TOKEN solo se aceptan conexiones locales'),
    };
    for (const status of op.errors ?? []) responses[status] = errorResponse({ 404: 'NOT_FOUND', 409: 'CONFLICT', 503: 'PLATFORM_UNAVAILABLE' }[status] ?? 'Error');
    (paths[`/_testbed${op.path}`] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      parameters: pathParams(op.path),
      ...(op.query && { requestParams: { query: op.query } }),
      ...(op.body && { requestBody: { content: { 'application/json': { schema: op.body } } } }),
      responses: responses as never,
    };
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Fleet testbed: API de control',
      version: API_VERSION,
      description: 'Mundos (tenants con su propio reloj), reloj, instantáneas y las plataformas simuladas. Ver docs/control-api.md.',
      license: LICENSE,
    },
    servers: SERVERS,
    tags: Object.entries(CONTROL_TAGS).map(([name, description]) => ({ name, description })),
    security: [{ controlToken: [] }],
    components: { securitySchemes: { controlToken: { type: 'http', scheme: 'bearer', description: 'FLEET_CONTROL_TOKEN, cuando está definido' } } },
    paths,
  });
  return cached;
}

/** `GET /_testbed/openapi.json`, behind the same guard as every control call. */
export const controlDocumentRoute: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' || req.path !== '/openapi.json') return next();
  res.json(controlDocument());
};
