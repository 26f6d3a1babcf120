import { isUtf8 } from 'node:buffer';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { validation, WHOLE_BODY } from '../errors.ts';
import { decodes } from './undecodable-query.ts';

const JSON_KINDS: Record<string, string> = { string: 'un texto', number: 'un número', boolean: 'un valor booleano' };

/** How a JSON value that is not an object reads in a message: `null`, an array, a number… */
const jsonKind = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'un arreglo' : (JSON_KINDS[typeof value] ?? typeof value));

/** Whether a Content-Type is `application/json`, whatever its parameters (the type express.json reads). */
export const isJsonType = (contentType: unknown): boolean => String(contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';

/** Whether the request's Content-Type is `application/json` (isJsonType). */
export const saysJson = (req: Request): boolean => isJsonType(req.get('content-type'));

/** No body bytes were announced: neither a length above 0 nor chunks. */
const sentNoBody = (req: Request): boolean => req.headers['transfer-encoding'] === undefined && (req.headers['content-length'] ?? '0') === '0';

/**
 * A JSON body is required to be a JSON object: a form or text body, or valid JSON of another kind
 * (`null`, a number, an array), is a clear 400 saying so, not "invalid JSON" or a confusing zod issue.
 */
export function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  if (req.body === undefined) {
    // No body and no type at all (urllib's data=None, curl -X POST): read as `{}`, so the answer names
    // the fields the operation needs, as it does when an empty body is said to be JSON (req.is()
    // answers null for a request without a body, so the header is read itself). A body of another
    // type, empty or not, is not what the operation takes.
    if (!saysJson(req) && !(sentNoBody(req) && req.headers['content-type'] === undefined)) {
      throw validation('El cuerpo debe ser JSON con Content-Type: application/json.');
    }
    return schema.parse({});
  }
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
    const kind = jsonKind(req.body);
    throw validation(`El cuerpo debe ser un objeto JSON ({…}); se recibió ${kind}.`, [
      { field: WHOLE_BODY, message: `Se esperaba un objeto JSON, se recibió ${kind}` },
    ]);
  }
  return schema.parse(req.body);
}

/** The type of the parser error a JSON body that is not valid UTF-8 gives (error-handler.ts answers it). */
export const NOT_UTF8 = 'entity.not.utf8';

/**
 * A body said (or taken) to be UTF-8 must be: decoded as it came, a Latin-1 "Nuñez" became
 * "Nu\uFFFDez" and was stored so, with a 201.
 */
function refuseBadUtf8(_req: unknown, _res: unknown, bytes: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(bytes)) throw Object.assign(new Error('body is not UTF-8'), { type: NOT_UTF8 });
}

/** The type of the parser error a URL-encoded form that does not decode gives (error-handler.ts answers it). */
export const BAD_FORM_ESCAPE = 'form.escape.invalid';

/**
 * Each name and value of a URL-encoded form said (or taken) to be UTF-8 must decode so: the form
 * reader keeps one that does not (`%FF`, a lone surrogate's `%ED%A0%80`) as its raw text, and the
 * dashboard named a world `%FFq`, where the control API refuses a body that is not UTF-8. A form in
 * another charset the reader takes (`iso-8859-1`: `Pe%F1a`) is its to decode.
 */
export function refuseUndecodableForm(_req: unknown, _res: unknown, bytes: Buffer, encoding: string): void {
  if (!/^utf-?8$/i.test(encoding)) return;
  if (!isUtf8(bytes) || !bytes.toString('utf8').split(/[&=]/).every(decodes)) {
    throw Object.assign(new Error('form is not UTF-8'), { type: BAD_FORM_ESCAPE });
  }
}

/** The largest body read, JSON or not. */
const BODY_LIMIT = '1mb';
/** What a body over BODY_LIMIT is answered (413 FILE_TOO_LARGE, error-handler.ts), and what the control document says. */
export const BODY_TOO_LARGE_MESSAGE = 'El cuerpo de la solicitud supera el máximo de 1 MB.';
// Not strict: `null` or `5` is valid JSON, and parseJsonBody says it is not the object expected
// (strict mode would call it "not JSON").
const parseJson = express.json({ limit: BODY_LIMIT, strict: false, verify: refuseBadUtf8 });
const parseRaw = express.raw({ type: () => true, limit: BODY_LIMIT });

/**
 * The bytes of a body jsonBody left unread (a form, text, chunks of any type), within the same limit:
 * empty when none was sent. For an operation that takes no body and must tell one was sent.
 */
export function unparsedBodyBytes(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => parseRaw(req, res, (err?: unknown) => {
    if (err) return reject(err);
    const bytes: unknown = req.body;
    req.body = undefined;
    resolve(Buffer.isBuffer(bytes) ? bytes : Buffer.alloc(0));
  }));
}

/** GET, HEAD and DELETE take no body in this API (RFC 9110 gives one no meaning there). */
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE']);

/**
 * The one JSON body parser of the API and the control surface, with its size limit. A body sent
 * anyway with a bodyless method is left unread, so a broken one cannot turn a read into a 400.
 */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (BODYLESS.has(req.method)) return next();
  parseJson(req, res, next);
}
