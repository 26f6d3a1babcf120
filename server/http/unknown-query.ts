import type { Request, Response } from 'express';
import type { z } from 'zod';

/** Names the query parameters of a /v1 request that its operation does not declare. */
export const UNKNOWN_QUERY_HEADER = 'X-Testbed-Unknown-Query';

/**
 * The partner API ignores a query parameter it does not know, as a v1 server must (spec §9: v1
 * changes are additive, so a client written against a later v1 may send a filter this one lacks).
 * A misspelt filter (`starting_after`, `stauts`) then answers as if none were asked, which a test
 * would take for the filter working: the answer says so in this header, the journal shows it, and
 * nothing else changes. Names are percent-encoded: a header value takes no other characters.
 */
export function unknownQueryFlag(query: z.ZodObject | undefined): (req: Request, res: Response) => void {
  const admitted = new Set(query ? Object.keys(query.shape) : []);
  return (req, res) => {
    if (!req.url.includes('?')) return; // by id, most requests: nothing to parse
    const unknown = Object.keys(req.query as object).filter((name) => !admitted.has(name));
    if (unknown.length > 0) res.setHeader(UNKNOWN_QUERY_HEADER, unknown.map(encodeURIComponent).join(', '));
  };
}
