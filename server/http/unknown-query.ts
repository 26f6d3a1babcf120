import type { Request, Response } from 'express';
import type { z } from 'zod';
import { queryParamsOf } from '../control/schemas.ts';

/** Names the query parameters of a /v1 request that its operation does not declare. */
export const UNKNOWN_QUERY_HEADER = 'X-Testbed-Unknown-Query';

/** Enough to show a typo, and far below the 16 KB of headers an HTTP client takes. */
const MAX_NAMED = 20;
const MAX_CHARS = 1_000;

/**
 * The partner API ignores a query parameter it does not know, as a v1 server must (spec §9: v1
 * changes are additive, so a client written against a later v1 may send a filter this one lacks).
 * A misspelt filter (`starting_after`, `stauts`) then answers as if none were asked, which a test
 * would take for the filter working: the answer says so in this header, the journal shows it, and
 * nothing else changes. Names are percent-encoded (a header value takes no other characters), the
 * list cut with `...` past MAX_NAMED names or MAX_CHARS characters.
 */
export function unknownQueryFlag(query: z.ZodObject | undefined): (req: Request, res: Response) => void {
  const admitted = new Set(queryParamsOf(query));
  return (req, res) => {
    if (!req.url.includes('?')) return; // by id, most requests: nothing to parse
    const unknown = Object.keys(req.query as object).filter((name) => name !== '' && !admitted.has(name));
    if (unknown.length > 0) res.setHeader(UNKNOWN_QUERY_HEADER, listed(unknown));
  };
}

/** Names for a header value: percent-encoded, cut with `...` past MAX_NAMED names or MAX_CHARS characters. */
export function listed(names: string[]): string {
  const shown: string[] = [];
  let chars = 0;
  for (const name of names.slice(0, MAX_NAMED)) {
    // Well-formed first: a JSON body's field may hold a lone surrogate, which encodeURIComponent throws on.
    const encoded = encodeURIComponent(name.replace(/\p{Surrogate}/gu, '\uFFFD'));
    if (chars + encoded.length > MAX_CHARS) break;
    shown.push(encoded);
    chars += encoded.length + 2;
  }
  // ASCII: a header value takes no "…" (setHeader would throw, and the answer be a 500).
  return shown.length < names.length ? `${shown.join(', ')}, ...` : shown.join(', ');
}
