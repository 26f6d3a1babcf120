import { z } from 'zod';
import { send, StepError, type Exchange } from './http.ts';
import type { ActionContext } from './actions.ts';

/** A step's world: the tenant alias it names, or the file's first one; the step fails on an alias the file has not declared. */
export function worldOf(tenantIds: ReadonlyMap<string, string>, alias: string = tenantIds.keys().next().value!): { alias: string; id: string } {
  const id = tenantIds.get(alias);
  if (id === undefined) throw new StepError(`el tenant ${alias} no está declarado en tenants`);
  return { alias, id };
}

/** `clearFaults: true` (the file's first world) or `{tenant}`: a step that acts on one of the file's worlds and takes nothing else. */
export const WorldStep = z.union([z.literal(true), z.strictObject({ tenant: z.string() })], {
  error: 'debe ser true (el primer tenant del archivo) o {tenant}, con el alias de un tenant del archivo',
});
export type WorldStep = z.infer<typeof WorldStep>;

type WorldCallContext = Pick<ActionContext, 'baseUrl' | 'tenantIds' | 'controlHeaders'>;

/**
 * A DELETE of one of the world's collections on the control API (`faults`, `requests`): the
 * transcript names the world by its alias and the call by its template, since ids differ between runs.
 */
export async function clearOfWorld(ctx: WorldCallContext, step: WorldStep, collection: 'faults' | 'requests'): Promise<Exchange> {
  const { alias, id } = worldOf(ctx.tenantIds, step === true ? undefined : step.tenant);
  const response = await send(`${ctx.baseUrl}/_testbed/tenants/${encodeURIComponent(id)}/${collection}`, { method: 'DELETE', headers: ctx.controlHeaders });
  return { request: { method: 'DELETE', path: `/_testbed/tenants/{tenant}/${collection}`, worlds: [alias] }, response };
}
