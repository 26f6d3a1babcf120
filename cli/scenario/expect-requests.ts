import { z } from 'zod';
import { controlBody } from '../../server/control/schemas.ts';
import { answeredBy, expectedRequestsText } from '../../server/journal/expected-text.ts';
import { JournalSelection, STATUS_FILTER_RULE } from '../../server/journal/filter.ts';
import type { ActionContext } from './actions.ts';
import { send, StepError, type Exchange } from './http.ts';
import { worldOf } from './worlds.ts';

const { status, ...textFilters } = JournalSelection.shape;

/** Wrong only when it is there: a count that is negative or not a number is not a missing one. */
const countError = (issue: { input?: unknown }) =>
  issue.input === undefined
    ? 'count es obligatorio: cuántas solicitudes se esperan'
    : `count debe ser un número entero ≥ 0: cuántas solicitudes se esperan (recibido: ${JSON.stringify(issue.input)})`;

/**
 * `expectRequests: {method?, path?, operation?, status?, count, tenant?}` (contract §5): the world's
 * journal holds exactly `count` requests that the journal's own filters select (server/journal/filter.ts,
 * the fields and messages of `GET /_testbed/tenants/{id}/requests`, whose pages it reads to the end).
 * `tenant`: an alias of the file's tenants, the first one when absent. Unknown fields are named with
 * those admitted, as the control API names them.
 */
export const ExpectRequestsStep = controlBody({
  ...textFilters,
  // The journal reads a query string's text; YAML reads `status: 404` as a number.
  status: z.union([z.int(), z.string()], { error: STATUS_FILTER_RULE }).transform(String).pipe(status.unwrap()).optional(),
  count: z.number({ error: countError }).int().min(0),
  tenant: z.string().optional(),
});

export type ExpectRequestsSpec = z.infer<typeof ExpectRequestsStep>;

interface Entry {
  id: string;
  method: string;
  path: string;
  status: number | null;
  /** The fault rule that gave the answer (`flt_1`), if one did. */
  fault: string | null;
}

const PAGE = 100;
/** What a failure lists of what was sent, newest first. */
const SHOWN = 10;

const line = (e: Entry) => `${e.method} ${e.path} → ${answeredBy(e)}`;

/** Every entry of the world's journal that the filter selects, newest first. */
async function journal(ctx: ActionContext, tenantId: string, filter: Record<string, string>, all = true): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let after: string | undefined, more = true; more; after = entries.at(-1)?.id) {
    const query = new URLSearchParams({ ...filter, limit: String(all ? PAGE : SHOWN), ...(after ? { startingAfter: after } : {}) });
    const response = await send(`${ctx.baseUrl}/_testbed/tenants/${encodeURIComponent(tenantId)}/requests?${query}`, { method: 'GET', headers: ctx.controlHeaders });
    const body = response.body as { data?: Entry[]; hasMore?: boolean; error?: { message?: string } };
    if (response.status !== 200) throw new StepError(`expectRequests: ${body.error?.message ?? `el testbed respondió ${response.status}`}`);
    entries.push(...body.data!);
    more = all && body.hasMore === true;
  }
  return entries;
}

export async function expectRequests(ctx: ActionContext, spec: ExpectRequestsSpec): Promise<Exchange> {
  const { alias, id: tenantId } = worldOf(ctx.tenantIds, spec.tenant);
  const { count: _count, tenant: _tenant, ...chosen } = spec;
  const filter = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)) as Record<string, string>;
  const found = await journal(ctx, tenantId, filter);
  if (found.length !== spec.count) {
    const sent = await journal(ctx, tenantId, {}, false);
    throw new StepError(
      `expectRequests: ${expectedRequestsText(spec.count, spec)} en el mundo ${alias}; llegaron ${found.length}. ` +
        `Lo que envió (la más reciente primero): ${sent.length ? sent.map(line).join('; ') : 'nada'}`,
    );
  }
  // The world by its alias: its id changes from run to run, and the transcript must not.
  const request = { method: 'GET', path: '/_testbed/tenants/{tenant}/requests', worlds: [alias], ...(Object.keys(filter).length ? { body: filter } : {}) };
  return { request, response: { status: 200, body: { count: found.length, requests: found.map(line) }, headers: {} } };
}
