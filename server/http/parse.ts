import express, { type Request } from 'express';
import type { z } from 'zod';
import { validation } from './errors.ts';

/** A JSON body is required to be JSON: a form or text body is a clear 400, not a confusing zod issue. */
export function parseJsonBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  if (req.body === undefined) {
    if (!req.is('application/json')) {
      throw validation('El cuerpo debe ser JSON con Content-Type: application/json.');
    }
  }
  return schema.parse(req.body ?? {});
}

/** The one JSON body parser of the API and the control surface, with its size limit. */
export const jsonBody = express.json({ limit: '1mb' });
