import { METHODS as NODE_METHODS } from 'node:http';
import { z } from 'zod';
import { LimitParam } from '../http/pagination.ts';
import { PARTNER_PATH } from '../faults/schema.ts';

/**
 * Every method a request journaled can have: what node's parser reads (TRACE and PURGE reach the
 * API, answered 404 or 405, and are journaled like any other), CONNECT aside (node hands it to
 * no request handler). A shorter list left such entries with no filter to find them.
 */
const METHODS = NODE_METHODS.filter((m) => m !== 'CONNECT') as [string, ...string[]];
const METHOD_RULE = 'method debe ser un método HTTP, p. ej. GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS o TRACE';
/** Also what a scenario says of a `status` that is neither text nor a number (cli/scenario/expect-requests.ts). */
export const STATUS_FILTER_RULE = 'status debe ser un código HTTP (p. ej. 404), una clase (p. ej. 4xx) o none (sin respuesta)';

/** A filter given once, as text: repeated (`?status=2xx&status=4xx`) it arrives as a list. */
const once = (field: string) => z.string({ error: `${field} debe darse una sola vez, como texto` });

/** The filters of `GET /_testbed/tenants/{id}/requests`, as query strings arrive (text). */
export const JournalFilter = z.object({
  method: once('method')
    .transform((m) => m.toUpperCase())
    .pipe(z.enum(METHODS, { error: METHOD_RULE }))
    .optional(),
  path: once('path')
    .regex(PARTNER_PATH.pattern, PARTNER_PATH.message)
    .max(2048, 'path admite hasta 2048 caracteres')
    .optional(),
  operation: once('operation').max(100, 'operation admite hasta 100 caracteres').optional(),
  status: once('status')
    .regex(/^([1-5]\d\d|[1-5]xx|none)$/i, STATUS_FILTER_RULE)
    .transform((s) => s.toLowerCase())
    .optional(),
  limit: LimitParam.default(25),
  startingAfter: once('startingAfter')
    .regex(/^je_\d{1,15}$/, 'startingAfter debe ser el id de una entrada del diario, p. ej. je_42')
    .transform((s) => Number(s.slice(3)))
    .optional(),
});

/**
 * What selects entries, without the paging: the HAR export's query, and a scenario's `expectRequests`
 * (which reads every page), so each door filters with the same fields and messages.
 */
export const JournalSelection = JournalFilter.omit({ limit: true, startingAfter: true });

export type JournalFilter = z.infer<typeof JournalFilter>;
export type JournalFilterInput = z.input<typeof JournalFilter>;

/** Does a status match `404`, `4xx`, or `none` (the connection closed with no answer: a lost answer, a client gone)? */
export function statusMatches(wanted: string, status: number | null): boolean {
  if (wanted === 'none' || status === null) return wanted === 'none' && status === null;
  return wanted.endsWith('xx') ? Math.floor(status / 100) === Number(wanted[0]) : status === Number(wanted);
}
