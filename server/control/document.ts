import { z } from 'zod';
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { API_VERSION } from '../account/response-schema.ts';
import type { ErrorCode } from '../errors.ts';
import { LICENSE, SERVERS } from '../openapi/document-info.ts';
import { pathsOf, requestOf, responsesOf, wireForm } from '../openapi/document.ts';
import { ErrorEnvelope } from '../openapi/error-schemas.ts';
import { BODY_TOO_LARGE_MESSAGE } from '../http/parse.ts';
import { CONTROL_LOOPBACK_ONLY, CONTROL_TOKEN_MISSING } from './guard.ts';
import type { ControlCapability, ControlOperation } from './define.ts';
import { CONTROL_CAPABILITIES } from './operations.ts';

export const CONTROL_OPENAPI_PATH = '/_testbed/openapi.json';

/**
 * What every control operation can answer, whatever it declares: a bad request, the guard's
 * refusals, and a body over 1 MB (read before the route is known, so even on a GET, as in the partner
 * document), said in the control API's own terms (the catalog's default messages speak of API keys
 * and of a document's 4 MB).
 */
const IMPLICIT: Record<number, [ErrorCode, string, exampleMessage?: string]> = {
  400: ['VALIDATION', 'VALIDATION: cuerpo, nombre o parámetros no válidos.'],
  // The guard's own words: the catalog's default for 401 speaks of an API key, which this surface never takes.
  401: ['UNAUTHORIZED', 'UNAUTHORIZED: falta o no coincide FLEET_CONTROL_TOKEN, o se envió una clave de socio.', CONTROL_TOKEN_MISSING],
  403: ['FORBIDDEN', 'FORBIDDEN: sin FLEET_CONTROL_TOKEN solo se aceptan conexiones locales y sin cabecera Authorization.', CONTROL_LOOPBACK_ONLY],
  413: ['FILE_TOO_LARGE', 'FILE_TOO_LARGE: el cuerpo de la solicitud pasa de 1 MB.', BODY_TOO_LARGE_MESSAGE],
};
/**
 * Also on every operation, beside what each declares under them: 409 when `X-Testbed-Generation`
 * names a state a reset or a whole restore has since replaced (snapshots/generation.ts), and 500.
 */
const IMPLICIT_CODES = new Map<number, ErrorCode[]>([
  ...Object.entries(IMPLICIT).map(([status, [code]]): [number, ErrorCode[]] => [Number(status), [code]]),
  [409, ['CONFLICT']],
  [500, ['INTERNAL']],
]);

const AUTH_RULE =
  'Con `FLEET_CONTROL_TOKEN` definido, toda llamada necesita `Authorization: Bearer <FLEET_CONTROL_TOKEN>` (si falta o no coincide: ' +
  '401 UNAUTHORIZED), desde cualquier dirección. Sin él, no se pide autenticación, pero solo se aceptan conexiones locales (loopback) ' +
  'y ninguna que traiga la cabecera Authorization (403 FORBIDDEN). Nunca acepta una clave de API de socio.';

function toOperation(op: ControlOperation): ZodOpenApiOperationObject {
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    ...requestOf(op, false),
    responses: withImplicitNotes(responsesOf(op.responses, IMPLICIT_CODES)),
  };
}

type ErrorAnswer = { description: string; content: { 'application/json': { example: { error: { message: string } } } } };

/** On every control answer, refusals included (snapshots/generation.ts). */
const GENERATION = {
  'X-Testbed-Generation': z.string().meta({ description: 'El estado del testbed en que empezó la llamada: cambia con cada reset y cada restauración de todo el testbed.' }),
};

function withImplicitNotes(responses: ZodOpenApiResponsesObject): ZodOpenApiResponsesObject {
  const byStatus = responses as Record<string, ErrorAnswer>;
  for (const answer of Object.values(responses) as { headers?: z.ZodObject }[]) {
    answer.headers = answer.headers ? answer.headers.extend(GENERATION) : z.object(GENERATION);
  }
  for (const [status, [, note, exampleMessage]] of Object.entries(IMPLICIT)) {
    byStatus[status].description = note;
    if (exampleMessage === undefined) continue;
    const json = byStatus[status].content['application/json'];
    json.example = { ...json.example, error: { ...json.example.error, message: exampleMessage } };
  }
  return responses;
}

/** The tags the operations use, each described by a capability, in the capabilities' order. */
function tagsOf(capabilities: readonly ControlCapability[]): oas31.TagObject[] {
  const described = new Map(capabilities.flatMap((c) => Object.entries(c.tags ?? {})));
  const used = new Set(capabilities.flatMap((c) => c.operations.flatMap((op) => op.tags)));
  for (const tag of used) if (!described.has(tag)) throw new Error(`etiqueta sin descripción: ${tag}`);
  return [...described].filter(([name]) => used.has(name)).map(([name, description]) => ({ name, description }));
}

/** The control API's own OpenAPI 3.1 document (contract §4), built from the capabilities' declarations alone. */
export function buildControlDocument(capabilities: readonly ControlCapability[] = CONTROL_CAPABILITIES): oas31.OpenAPIObject {
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Fleet testbed: API de control',
        version: API_VERSION,
        description: `Mundos (tenants con su propio reloj), reloj, instantáneas y las plataformas simuladas. Ver docs/control-api.md.\n\n## Autenticación\n${AUTH_RULE}`,
        license: LICENSE,
      },
      servers: SERVERS,
      tags: tagsOf(capabilities),
      // Either requirement satisfies OpenAPI: the bearer one when the token is set, none when it is not.
      security: [{ controlToken: [] }, {}],
      paths: pathsOf(capabilities.flatMap((c) => c.operations), toOperation),
      components: {
        schemas: { Error: ErrorEnvelope },
        securitySchemes: { controlToken: { type: 'http', scheme: 'bearer', description: AUTH_RULE } },
      },
    },
    { allowEmptySchema: { unknown: true }, override: wireForm },
  );
}

let cached: oas31.OpenAPIObject | undefined;

/** `GET /_testbed/openapi.json`'s answer, built once per process. */
export const controlDocument = (): oas31.OpenAPIObject => (cached ??= buildControlDocument());
