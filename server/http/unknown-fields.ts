import type { Request, Response } from 'express';
import { z } from 'zod';
import { bodyFieldsOf } from '../control/schemas.ts';
import { listed } from './unknown-query.ts';

/** Names the top-level fields of a /v1 JSON body that its operation does not declare. */
export const UNKNOWN_FIELDS_HEADER = 'X-Testbed-Unknown-Fields';

/**
 * The partner API ignores a body field it does not know (docs/decisions.md), as it does a query
 * parameter (unknown-query.ts), so a misspelt one (`colour`, `nmae`) answers 200 with nothing
 * changed, which a test would take for the write working: the answer names them in this header
 * (the journal keeps it) and nothing else changes.
 */
export function unknownFieldsFlag(body: z.ZodType | undefined): (req: Request, res: Response) => void {
  // A body of named fields (an object, or one a transform starts from), or none at all (a refresh:
  // every field sent is ignored). A multipart upload's fields are read by its handler, after this.
  if (body !== undefined && !(body instanceof z.ZodObject || body instanceof z.ZodPipe)) return () => {};
  const admitted = new Set(bodyFieldsOf(body));
  return (req, res) => {
    const sent: unknown = req.body;
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return;
    const unknown = Object.keys(sent).filter((name) => name !== '' && !admitted.has(name));
    if (unknown.length > 0) res.setHeader(UNKNOWN_FIELDS_HEADER, listed(unknown));
  };
}
