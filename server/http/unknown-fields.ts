import type { Request, Response } from 'express';
import { z } from 'zod';
import { listed } from './unknown-query.ts';

/** Names the top-level fields of a /v1 JSON body that its operation does not declare. */
export const UNKNOWN_FIELDS_HEADER = 'X-Testbed-Unknown-Fields';

/** The fields a body schema declares: an object's, or the object's a transform starts from. */
function fieldsOf(schema: z.ZodType): string[] | null {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return null;
}

/**
 * The partner API ignores a body field it does not know (docs/decisions.md), as it does a query
 * parameter (unknown-query.ts), so a misspelt one (`colour`, `nmae`) answers 200 with nothing
 * changed, which a test would take for the write working: the answer names them in this header
 * (the journal keeps it) and nothing else changes.
 */
export function unknownFieldsFlag(body: z.ZodType | undefined): (req: Request, res: Response) => void {
  const declared = body && fieldsOf(body);
  if (!declared) return () => {};
  const admitted = new Set(declared);
  return (req, res) => {
    const sent: unknown = req.body;
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return;
    const unknown = Object.keys(sent).filter((name) => !admitted.has(name));
    if (unknown.length > 0) res.setHeader(UNKNOWN_FIELDS_HEADER, listed(unknown));
  };
}
