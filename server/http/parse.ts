import express, { type NextFunction, type Request, type Response } from 'express';
import type { z } from 'zod';
import { validation } from '../errors.ts';

/** A JSON body is required to be JSON: a form or text body is a clear 400, not a confusing zod issue. */
export function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  if (req.body === undefined) {
    if (!req.is('application/json')) {
      throw validation('El cuerpo debe ser JSON con Content-Type: application/json.');
    }
  }
  return schema.parse(req.body ?? {});
}

const parseJson = express.json({ limit: '1mb' });

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
