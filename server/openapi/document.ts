import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiOverrideContext,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { API_VERSION } from '../account/response-schema.ts';
import type { ErrorCode } from '../errors.ts';
import { accessNote, documentIntro } from './description.ts';
import { LICENSE, SERVERS, TAGS } from './document-info.ts';
import { ErrorEnvelope, errorResponse } from './error-schemas.ts';
import { OPERATIONS } from './operations.ts';
import type { DeclaredOperation, DeclaredResponses, OperationSpec, SuccessResponse } from './registry.ts';

export type OpenApiDocument = oas31.OpenAPIObject;

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Creado', 202: 'Aceptado', 204: 'Sin contenido' };

const scopeOf = (op: OperationSpec) => (op.scope === 'public' || op.scope === 'key' ? null : op.scope);

/** The statuses every operation of its kind can answer, so no operation has to repeat them. */
function implicitCodesOf(op: OperationSpec): Map<number, ErrorCode[]> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...more: ErrorCode[]) => codes.set(status, [...(codes.get(status) ?? []), ...more]);
  if (op.scope !== 'public') {
    add(401, 'UNAUTHORIZED');
    add(403, 'TENANT_PENDING', ...(scopeOf(op) ? (['INSUFFICIENT_SCOPE'] as const) : []));
    add(429, 'RATE_LIMITED');
  }
  // Every operation: Node's parser refuses a malformed request (a header with a forbidden character)
  // with 400 before any route (http/client-error.ts). Behind the key, app.ts also parses any JSON
  // body: an unreadable one is 400 and one over 1 MB is 413 FILE_TOO_LARGE, even on a GET.
  add(400, 'VALIDATION');
  if (op.scope !== 'public') add(413, 'FILE_TOO_LARGE');
  // A platform's outage; and on any operation behind a key, a world's fault rule `unavailable`: a
  // typed client whose error union lacked 503 could not even compare the code its tests are about.
  if (op.scope !== 'public') add(503, 'PLATFORM_UNAVAILABLE');
  add(500, 'INTERNAL');
  return codes;
}

function successResponse(status: number, declared: SuccessResponse) {
  const { schema, description, headers } = declared instanceof z.ZodType ? { schema: declared, description: undefined, headers: undefined } : declared;
  return {
    description: description ?? SUCCESS_DESCRIPTIONS[status] ?? 'OK',
    ...(headers ? { headers } : {}),
    ...(schema ? { content: { 'application/json': { schema } } } : {}),
  };
}

/**
 * An operation's responses: its declared successes, and under each error status the codes its API
 * answers there on every operation (`implicit`) followed by those it declares.
 */
export function responsesOf(responses: DeclaredResponses, implicit: ReadonlyMap<number, ErrorCode[]>): ZodOpenApiResponsesObject {
  const entries: [number, unknown][] = [];
  const codes = new Map([...implicit].map(([status, list]) => [status, [...list]]));
  for (const [status, declared] of Object.entries(responses)) {
    if (Array.isArray(declared)) codes.set(Number(status), [...(codes.get(Number(status)) ?? []), ...declared]);
    else if (declared) entries.push([Number(status), successResponse(Number(status), declared)]);
  }
  for (const [status, list] of codes) entries.push([status, errorResponse(status, list)]);
  entries.sort(([a], [b]) => a - b);
  return Object.fromEntries(entries.map(([s, r]) => [String(s), r])) as ZodOpenApiResponsesObject;
}

const bodyComponentId = (op: AnyDeclared) => `${op.operationId[0].toUpperCase()}${op.operationId.slice(1)}Body`;

type AnyDeclared = DeclaredOperation<string, never> & { content?: Record<string, z.ZodType> };

/**
 * What a declaration asks of the request: its path and query parameters and its body. The partner
 * document registers each body as a requestBodies component so generated clients get a named type
 * for it; the control document keeps its bodies in place (`named: false`), as it always has.
 */
export function requestOf(op: AnyDeclared, named = true): Pick<ZodOpenApiOperationObject, 'requestParams' | 'requestBody'> {
  const content: Record<string, { schema: z.ZodType }> = {};
  if (op.body) content['application/json'] = { schema: op.body };
  for (const [mediaType, schema] of Object.entries(op.content ?? {})) content[mediaType] = { schema };
  return {
    requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) },
    ...(Object.keys(content).length ? { requestBody: { ...(named ? { id: bodyComponentId(op) } : {}), required: !op.bodyOptional, content } } : {}),
  };
}

function toOperation(op: OperationSpec): ZodOpenApiOperationObject {
  const scope = scopeOf(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, accessNote(op.scope)].filter(Boolean).join('\n\n'),
    tags: op.tags,
    // OpenAPI 3.1 lets a non-oauth requirement list the roles it needs: the scope goes there too.
    security: op.scope === 'public' ? [] : [{ bearerAuth: scope ? [scope] : [] }],
    ...(scope ? { 'x-required-scope': scope } : {}),
    ...requestOf(op),
    responses: responsesOf(op.responses, implicitCodesOf(op)),
  };
}

/**
 * Adjusts what zod-openapi renders to what travels on the wire and what integrators may rely on:
 * a query number is parsed from text, so its input side is a digits pattern; the document shows
 * the integer with its bounds and default instead. Response objects stay open (spec §9: clients
 * tolerate new fields); the test suite's check closes them again (test/support/openapi-check.ts).
 */
export function wireForm(ctx: ZodOpenApiOverrideContext): void {
  const def = ctx.zodSchema._zod.def;
  const json = ctx.jsonSchema as Record<string, unknown>;
  if (ctx.io === 'output' && def.type === 'object' && json.additionalProperties === false) delete json.additionalProperties;
  // zod bounds every int to the safe-integer range; shown, it only hides the real limits.
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (ctx.io !== 'input' || !ctx.path.some((p) => String(p).includes('requestParams > query'))) return;
  if (def.type === 'default') json.default = (def as unknown as { defaultValue: unknown }).defaultValue;
  if (def.type !== 'pipe') return;
  let out = ctx.zodSchema as z.core.$ZodType;
  while (out._zod.def.type === 'pipe') out = (out._zod.def as z.core.$ZodPipeDef).out;
  if (out._zod.def.type !== 'number') return;
  const { $schema: _ignored, ...numeric } = z.toJSONSchema(out) as Record<string, unknown>;
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, numeric);
}

/** The document's paths, one operation each, refusing an operationId or a method and path declared twice. */
export function pathsOf<Op extends AnyDeclared>(operations: readonly Op[], toOperation: (op: Op) => ZodOpenApiOperationObject): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  const ids = new Set<string>();
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`operationId repetido: ${op.operationId}`);
    ids.add(op.operationId);
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`operación repetida: ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = toOperation(op);
  }
  return paths;
}

/** Builds the whole document; pure, so tests can build one from their own operations. */
export function buildOpenApiDocument(operations: readonly OperationSpec[] = OPERATIONS): OpenApiDocument {
  const paths = pathsOf(operations, toOperation);
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'Fleet Partner API', version: API_VERSION, description: documentIntro(operations), license: LICENSE },
      servers: SERVERS,
      tags: [...new Set(operations.flatMap((op) => op.tags))].map((name) => ({ name, description: TAGS[name] })),
      security: [{ bearerAuth: [] }],
      paths,
      components: {
        schemas: { Error: ErrorEnvelope },
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Clave de API de la flota: `Authorization: Bearer <API_KEY>`.' },
        },
      },
    },
    { allowEmptySchema: { unknown: true }, override: wireForm },
  );
}

let cached: OpenApiDocument | undefined;

/** The API's document, built once per process from OPERATIONS. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
