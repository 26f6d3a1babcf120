import { z } from 'zod';
import { send, type Exchange } from './http.ts';
import { worldOf } from './worlds.ts';

/**
 * `fault: {tenant?, effect, operation?, …}` or `fault: {tenant?, platform, mode, ms?}`: a fault rule
 * on one of the scenario's worlds (contract §5), or a platform failing for it alone. The rule's
 * fields are checked by the testbed, which names a bad one (docs/control-api.md).
 */
export const FaultStep = z.looseObject({
  /** A tenant alias of the file; default: the first tenant declared. */
  tenant: z.string().optional(),
});
export type FaultStep = z.infer<typeof FaultStep>;

export interface FaultContext {
  baseUrl: string;
  tenantIds: Map<string, string>;
  controlHeaders: Record<string, string>;
}

/** The transcript names the world by its alias: ids differ between runs on a shared serve. */
export async function addFault(ctx: FaultContext, step: FaultStep): Promise<Exchange> {
  const { tenant, ...rule } = step;
  const { alias, id } = worldOf(ctx.tenantIds, tenant);
  const path = `/_testbed/tenants/${encodeURIComponent(id)}/faults`;
  const response = await send(ctx.baseUrl + path, { method: 'POST', headers: ctx.controlHeaders, json: rule });
  return { request: { method: 'POST', path: '/_testbed/tenants/{tenant}/faults', worlds: [alias], body: rule }, response };
}
