import type { JournalEntry as EntryShape } from '../server/journal/entry-shape.ts';
import type { PartnerOperationId } from '../client/index.ts';
import { TestbedError, type ControlCall } from './control.ts';
import { answeredBy, expectedRequestsText } from '../server/journal/expected-text.ts';
import { givenValue, refuseUnknown } from './known-options.ts';

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);

/**
 * One request of a world's journal, as `GET /_testbed/tenants/{id}/requests` gives it (contract §5):
 * `operation` is the document's operationId its route has, null for a path no route has (a 404).
 */
export type JournalEntry = Omit<EntryShape, 'operation'> & { operation: PartnerOperationId | null };
export type { JournalMessage } from '../server/journal/entry-shape.ts';

/**
 * The methods of the document's routes and those a client sends anyway (HEAD, OPTIONS, TRACE,
 * PURGE: answered 404 or 405, and journaled), in either case the journal's filter takes. The serve
 * takes any method Node reads; a rarer one (a WebDAV `PROPFIND`) goes `as RequestFilter['method']`.
 */
type UpperMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'PURGE';
type FilterMethod = UpperMethod | Lowercase<UpperMethod>;

/** A class of statuses, as the journal's filter takes it. */
export type StatusClass = `${1 | 2 | 3 | 4 | 5}${'xx' | 'XX' | 'xX' | 'Xx'}`;

export interface RequestFilter {
  /** Any case; a typo (`PSOT`) is a compile error. */
  method?: FilterMethod;
  /** A template (`/v1/vehicles/{id}`) or a concrete path. */
  path?: string;
  /** An operationId of /v1/openapi.json, e.g. `createVehicle`. */
  operation?: PartnerOperationId;
  /** A status (`404`, or `'404'`), a class (`'4xx'`, any case), or `'none'`: no answer went out (a `reset` rule, a client gone; a `when: 'after'` rule's 503 or 429 has its status). A typo such as `'five'` is a compile error. */
  status?: number | `${number}` | StatusClass | 'none';
  /** At most this many, newest first (read 100 a page); without it, every entry that matches. */
  limit?: number;
}

export interface ExpectedRequests extends Omit<RequestFilter, 'limit'> {
  /** Exactly this many; without it, at least one. */
  count?: number;
}

const PAGE = 100;
const SHOWN = 10;
const FILTERS = ['method', 'path', 'operation', 'status'] as const;

function queryOf(filter: RequestFilter, limit: number, after?: string): string {
  const params = new URLSearchParams({ limit: String(limit) });
  for (const name of FILTERS) if (filter[name] !== undefined) params.set(name, String(filter[name]));
  if (after) params.set('startingAfter', after);
  return params.toString();
}

/**
 * One line of what was sent: `POST /v1/vehicles?x=1 → 400 {"plate":…}`, and `→ 429 (regla flt_1)`
 * when a fault rule gave the answer: a retry test's failure shows which answers were the test's own.
 */
export function describeRequest(entry: JournalEntry): string {
  const query = new URLSearchParams(Object.entries(entry.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x]))).toString();
  const body = entry.request.body === null ? '' : ` ${typeof entry.request.body === 'string' ? entry.request.body : JSON.stringify(entry.request.body)}`;
  const shown = body.length > 120 ? `${body.slice(0, 119)}…` : body;
  return `${entry.method} ${entry.path}${query ? `?${query}` : ''} → ${answeredBy(entry)}${shown}`;
}

/** `world.requests()` and `world.expectRequests()`: a world's journal, read over the control API. */
export function worldRequests(call: ControlCall, tenantId: string, worldName: string) {
  const base = `/tenants/${encodeURIComponent(tenantId)}/requests`;

  /**
   * Page by page (the API's pages hold 100), until `limit` entries or the last match. A limit the
   * API refuses (0, -1, 2.5) goes as it is, for its own message.
   */
  async function requests(filter: RequestFilter = {}): Promise<JournalEntry[]> {
    refuseUnknown('requests', filter, [...FILTERS, 'limit']);
    const wanted = filter.limit;
    const paged = wanted === undefined || (Number.isInteger(wanted) && wanted > 0);
    if (!paged) return (await call<{ data: JournalEntry[] }>('GET', `${base}?${queryOf(filter, wanted)}`)).data;
    const all: JournalEntry[] = [];
    for (let after: string | undefined, more = true; more && all.length < (wanted ?? Infinity); after = all.at(-1)?.id) {
      const size = Math.min(PAGE, (wanted ?? Infinity) - all.length);
      const page = await call<{ data: JournalEntry[]; hasMore: boolean }>('GET', `${base}?${queryOf(filter, size, after)}`);
      all.push(...page.data);
      more = page.hasMore;
    }
    return all;
  }

  async function expectRequests(expected: ExpectedRequests): Promise<JournalEntry[]> {
    refuseUnknown('expectRequests', expected, [...FILTERS, 'count']);
    const { count, ...filter } = expected;
    if (count !== undefined && !(Number.isInteger(count) && count >= 0)) {
      throw new TestbedError(400, { code: 'VALIDATION', message: `expectRequests: count debe ser un número entero de 0 en adelante (recibió ${givenValue(count)})` });
    }
    const found = await requests(filter);
    if (count === undefined ? found.length > 0 : found.length === count) return found;
    const sent = await requests({ limit: SHOWN });
    const lines = sent.length ? sent.map((e) => `  ${describeRequest(e)}`).join('\n') : '  (ninguna)';
    throw new Error(
      // Named and identified: two worlds may share a name (one given twice), told apart by the tenant id.
      `${capitalized(expectedRequestsText(count, expected))} en el mundo ${worldName} (tenant ${tenantId}); llegaron ${found.length}.\n` +
        `Lo que este mundo envió (la más reciente primero, hasta ${SHOWN}):\n${lines}`,
    );
  }

  return { requests, expectRequests, clearRequests: async () => (await call<{ deleted: number }>('DELETE', base)).deleted };
}
