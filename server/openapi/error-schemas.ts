import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { ERROR_CATALOG, type ErrorCode } from '../errors.ts';

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]];

/** Markdown rows `code — default Spanish message`; swagger-ui renders them, so integrators read the wording. */
function codeTable(codes: readonly ErrorCode[], withStatus = false): string {
  const head = withStatus ? '| HTTP | Código | Mensaje por defecto |\n|---|---|---|' : '| Código | Mensaje por defecto |\n|---|---|';
  const rows = codes.map((code) => {
    const { status, message } = ERROR_CATALOG[code];
    return withStatus ? `| ${status} | \`${code}\` | ${message} |` : `| \`${code}\` | ${message} |`;
  });
  return [head, ...rows].join('\n');
}

/** Every code of the catalog with its status and message, for the document's introduction. */
export const errorCatalogTable = () =>
  codeTable([...ERROR_CODES].sort((a, b) => ERROR_CATALOG[a].status - ERROR_CATALOG[b].status), true);

/**
 * The part of the envelope an operation narrows: which codes its `error.code` may take. Open on
 * purpose (loose): it says nothing of the other fields, which `Error` describes; a closed part would
 * refuse them, and a linter that closes unmarked objects (redocly's example check) would too.
 */
const codesOnly = (codes: [ErrorCode, ...ErrorCode[]]) => z.looseObject({ error: z.looseObject({ code: z.enum(codes) }) });

const exampleOf = (code: ErrorCode) => ({
  error: { code, message: ERROR_CATALOG[code].message, details: null, requestId: 'req_5f0c3e9a1b2d4c6e8f7a9b0c1d2e3f4a' },
});

/** The envelope with every code, registered once as a component that every error response uses. */
export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ id: 'ErrorCode' }),
      message: z.string().meta({ description: 'Mensaje en español; puede precisar el mensaje por defecto del código.' }),
      details: z.unknown().meta({
        description: 'null, o datos del error: una lista `{field, message}` en VALIDATION y en los conflictos de campo.',
      }),
      requestId: z.string().meta({ description: 'También en la cabecera X-Request-Id.' }),
    }),
  })
  .meta({ id: 'Error', description: `Sobre de todos los errores (spec §7).\n\n${errorCatalogTable()}` });

const STATUS_TITLES: Record<number, string> = {
  400: 'Solicitud no válida', 401: 'Sin autenticar', 403: 'Prohibido', 404: 'No existe', 409: 'Conflicto',
  413: 'Demasiado grande', 415: 'Tipo de archivo no admitido', 422: 'No aplica', 429: 'Demasiadas solicitudes',
  500: 'Error interno', 503: 'Plataforma no disponible',
};

const RetryAfter = z.object({
  'Retry-After': z.string().meta({ description: 'Segundos que conviene esperar antes de reintentar.' }),
});

/** Statuses whose answer always carries Retry-After (spec §7, contract §3). */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/**
 * An error response: the `Error` component, with `code` restricted to the codes this operation can
 * answer under this status (an allOf), so the response check also fails when the code drifts.
 */
export function errorResponse(status: number, codes: readonly ErrorCode[]): ZodOpenApiResponseObject {
  const unique = [...new Set(codes)] as [ErrorCode, ...ErrorCode[]];
  return {
    description: `${STATUS_TITLES[status] ?? `Error ${status}`}.\n\n${codeTable(unique)}`,
    ...(RETRY_AFTER_STATUSES.has(status) ? { headers: RetryAfter } : {}),
    content: { 'application/json': { schema: ErrorEnvelope.and(codesOnly(unique)), example: exampleOf(unique[0]) } },
  };
}
