import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { AppError, ERROR_CATALOG, invalidFields, issueText, WHOLE_BODY, type ErrorCode } from '../errors.ts';
import type { Logger } from '../lib/logger.ts';
import { BAD_FORM_ESCAPE, BODY_TOO_LARGE_MESSAGE, NOT_UTF8 } from './parse.ts';
import { requestIdOf } from './request-id.ts';
import { configureZodMessages } from '../lib/zod-spanish.ts';

configureZodMessages();

export interface FieldIssue {
  field: string;
  message: string;
}

type Issue = ZodError['issues'][number];
const fieldOf = (issue: Issue) => (issue.path.length ? issue.path.join('.') : WHOLE_BODY);

/** The issues said: a field of the wrong type alone, a number past 2^53 by its bound alone. */
function keptIssues(error: ZodError): Issue[] {
  // A field of the wrong type is said so alone: zod also runs its length checks on what came, and an
  // array for `plate` added "plate debe tener al menos 6 caracteres", measuring the array.
  const mistyped = new Set(error.issues.filter((issue) => issue.code === 'invalid_type').map(fieldOf));
  // 1e20 is a whole number, but past the safe range zod's integer check fails too, with the field's
  // "debe ser entero" beside its own bound ("admite hasta 1000000"): the bound alone says it.
  const unsafe = (issue: Issue) => (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int';
  const bounded = new Set(error.issues.filter((issue) => !unsafe(issue) && (issue.code === 'too_big' || issue.code === 'too_small')).map(fieldOf));
  return error.issues
    .filter((issue) => issue.code === 'invalid_type' || !mistyped.has(fieldOf(issue)))
    .filter((issue) => !(unsafe(issue) && bounded.has(fieldOf(issue))));
}

/**
 * Each unknown field is named as the field (code switching on `details[].field` reads which: `extra`,
 * `fixture.trucks`), with the one message that lists them all; the sentence says that message once,
 * where it is (`keys.0: campos desconocidos: scope, env …`).
 */
function detailsOf(issue: Issue): FieldIssue[] {
  if (issue.code !== 'unrecognized_keys') return [{ field: fieldOf(issue), message: issue.message }];
  // A field with no name is where it stands: the body, or the object that holds it.
  return issue.keys.map((key) => ({ field: key === '' ? fieldOf(issue) : [...issue.path, key].join('.'), message: issue.message }));
}

/** A zod refusal as the API answers it: 400 VALIDATION naming each field. */
export function zodValidation(error: ZodError): AppError {
  const issues = keptIssues(error);
  return invalidFields(issues.flatMap(detailsOf), issues.map((issue) => issueText({ field: fieldOf(issue), message: issue.message })));
}

export function sendError(
  res: Response,
  code: ErrorCode,
  message: string,
  details: unknown = null,
  headers: Record<string, string> = {},
  /** The code's own status unless said otherwise (spec §7's 422s without a code of their own). */
  status: number = ERROR_CATALOG[code].status,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json({ error: { code, message, details, requestId: requestIdOf(res) } });
}

/** The message for a charset the JSON reader refused, naming it as the request did (cut, printable ASCII only). */
function unsupportedCharset(err: unknown): string {
  const charset = String((err as { charset?: unknown }).charset ?? '');
  // `utf8` is UTF-8 to most, but not a name the JSON reader takes: said so, not "send UTF-8".
  if (/^utf8$/i.test(charset)) return 'charset=utf8 no se reconoce: escríbelo con guion, charset=utf-8 (o quítalo: JSON es UTF-8).';
  const named = /^[\x21-\x7e]{1,40}$/.test(charset) ? `el juego de caracteres ${charset}` : 'un juego de caracteres';
  return `El cuerpo viene en ${named}, que no se admite: envía el JSON en UTF-8 (Content-Type: application/json; charset=utf-8).`;
}

/**
 * body-parser and router errors carry an http-errors `status` (body-parser also a `type`); a 4xx
 * among them is the client's fault and never reaches the 500 path. Not every one has a `type`:
 * a gzip body that fails to inflate is a bare 400.
 */
function bodyParserError(err: unknown): { status: number; type: string } | null {
  if (typeof err !== 'object' || err === null || !('status' in err)) return null;
  const { status, type } = err as { status: unknown; type?: unknown };
  return typeof status === 'number' ? { status, type: typeof type === 'string' ? type : '' } : null;
}

/** How an error reaches the client: the API's JSON envelope by default, the dashboard's HTML otherwise. */
export type SendError = typeof sendError;

/**
 * `platformRetryAfterS` (FLEET_RETRY_AFTER_S) replaces the Retry-After of every 503 a platform
 * caused, wherever in the code the outage was met.
 */
export function createErrorHandler(logger: Logger, send: SendError = sendError, { platformRetryAfterS }: { platformRetryAfterS?: number } = {}) {
  const headersOf = (err: AppError) =>
    err.code === 'PLATFORM_UNAVAILABLE' && platformRetryAfterS !== undefined ? { ...err.headers, 'Retry-After': String(platformRetryAfterS) } : err.headers;
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) return;
    if (err instanceof AppError) return send(res, err.code, err.message, err.details, headersOf(err), err.status);
    if (err instanceof ZodError) {
      const invalid = zodValidation(err);
      return send(res, invalid.code, invalid.message, invalid.details);
    }
    const parserError = bodyParserError(err);
    if (parserError?.type === 'entity.parse.failed') {
      return send(res, 'VALIDATION', 'El cuerpo de la solicitud no es JSON válido.');
    }
    if (parserError?.type === NOT_UTF8) {
      return send(res, 'VALIDATION', 'El cuerpo de la solicitud no es UTF-8 válido: envía el JSON en UTF-8 (Content-Type: application/json; charset=utf-8).');
    }
    if (parserError?.type === BAD_FORM_ESCAPE) {
      return send(res, 'VALIDATION', 'El formulario trae un valor que no es UTF-8 válido (una secuencia de escape % que no decodifica): envíalo codificado en UTF-8.');
    }
    if (parserError?.type === 'charset.unsupported') return send(res, 'VALIDATION', unsupportedCharset(err));
    if (parserError?.type === 'entity.too.large') {
      // FILE_TOO_LARGE is the spec's only 413 code; the contract allows no code of our own.
      return send(res, 'FILE_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
    }
    // The router fails to decode a path parameter such as `%E0%A4%A` with a URIError of status 400.
    // Such an id cannot name anything: 404, like any other id that is not a UUID.
    if (err instanceof URIError && parserError?.status === 400) {
      return send(res, 'NOT_FOUND', 'El recurso no existe: la ruta contiene una secuencia de escape (%) no válida.');
    }
    if (parserError && parserError.status < 500) {
      return send(res, 'VALIDATION', 'No se pudo leer el cuerpo de la solicitud.');
    }
    logger.error('unexpected error', { requestId: requestIdOf(res), error: err instanceof Error ? err.stack : String(err) });
    send(res, 'INTERNAL', ERROR_CATALOG.INTERNAL.message);
  };
}

/** Where a path outside the three surfaces (a browser's `/`, a base URL without its `/v1`) should go. */
const SURFACES = 'la API está en /v1 (GET /v1/health, sin clave; su documentación interactiva en /docs), el control del testbed en /_testbed (su documento: GET /_testbed/openapi.json) y el panel en /dashboard';

export function notFoundRoute(req: Request, res: Response): void {
  // Case-insensitive, as Express routes are (`/V1/health` is health).
  const outside = !/^\/(v1|_testbed|dashboard|docs)(\/|$)/i.test(req.path);
  sendError(res, 'NOT_FOUND', `La ruta ${req.method} ${req.path} no existe.${outside ? ` En este testbed ${SURFACES}.` : ''}`);
}

/**
 * A known path asked with a method it was not declared with: 405 and the methods it has in `Allow`
 * (RFC 9110 §15.5.6), HEAD included wherever GET is, as Express answers HEAD with the GET route.
 * The code is VALIDATION: the request itself is wrong, not the resource absent (docs/decisions.md).
 */
export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  const allow = methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', ');
  return (req, res) => {
    // baseUrl: a route of a mounted router (/_testbed) names its whole path too.
    const path = req.baseUrl + req.path;
    sendError(res, 'VALIDATION', `El método ${req.method} no está permitido en ${path}; métodos permitidos: ${allow}.`, null, { Allow: allow }, 405);
  };
}
