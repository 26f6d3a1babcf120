import { z } from 'zod';
import type { ActionContext } from './actions.ts';
import { send, StepError, type Exchange } from './http.ts';
import { worldOf } from './worlds.ts';

/**
 * `expectRequests: {method?, path?, count, tenant?}` (contract §5): the world's journal holds exactly
 * `count` requests of that method and path (a template or a concrete path). `tenant`: an alias of
 * the file's tenants, the first one when absent.
 */
export const ExpectRequestsStep = z.strictObject({
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  path: z.string().startsWith('/', 'debe empezar por /').optional(),
  count: z.number({ error: 'count es obligatorio: cuántas solicitudes se esperan' }).int().min(0),
  tenant: z.string().optional(),
});

export type ExpectRequestsSpec = z.infer<typeof ExpectRequestsStep>;

interface Entry {
  id: string;
  method: string;
  path: string;
  status: number | null;
}

const PAGE = 100;
/** What a failure lists of what was sent, newest first. */
const SHOWN = 10;

const line = (e: Entry) => `${e.method} ${e.path} → ${e.status ?? 'sin respuesta'}`;

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
  const filter: Record<string, string> = {};
  if (spec.method) filter.method = spec.method;
  if (spec.path) filter.path = spec.path;
  const found = await journal(ctx, tenantId, filter);
  if (found.length !== spec.count) {
    const sent = await journal(ctx, tenantId, {}, false);
    const what = `${spec.method ?? 'cualquier método'} ${spec.path ?? 'cualquier ruta'}`;
    throw new StepError(
      `expectRequests: se esperaban ${spec.count} solicitudes ${what} en el mundo ${alias}; llegaron ${found.length}. ` +
        `Lo que envió (la más reciente primero): ${sent.length ? sent.map(line).join('; ') : 'nada'}`,
    );
  }
  // The world by its alias: its id changes from run to run, and the transcript must not.
  const request = { method: 'GET', path: `/_testbed/tenants/${alias}/requests`, ...(Object.keys(filter).length ? { body: filter } : {}) };
  return { request, response: { status: 200, body: { count: found.length, requests: found.map(line) }, headers: {} } };
}
