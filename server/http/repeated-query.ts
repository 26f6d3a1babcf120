import type { Request } from 'express';
import type { z } from 'zod';
import { queryParamsOf } from '../control/schemas.ts';
import { validation } from '../errors.ts';

/**
 * A /v1 query parameter the operation declares, given more than once (`?platform=a&platform=b`),
 * arrives as a list: its own schema then said it was missing ("platform es obligatorio") or not a
 * date, which sent the client looking at the wrong thing. It is refused naming the repetition; a
 * parameter the operation does not declare stays ignored (unknown-query.ts), repeated or not.
 */
export function repeatedQueryRefusal(query: z.ZodObject | undefined): (req: Request) => void {
  const declared = queryParamsOf(query);
  return (req) => {
    if (!req.url.includes('?')) return; // by id, most requests: nothing to parse
    const params = req.query as Record<string, unknown>;
    const repeated = declared.filter((name) => Array.isArray(params[name]));
    if (repeated.length === 0) return;
    throw validation(`La consulta repite ${repeated.join(', ')}: cada parámetro debe darse una sola vez.`,
      repeated.map((field) => ({ field, message: `${field} debe darse una sola vez` })));
  };
}
