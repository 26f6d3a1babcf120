import { z } from 'zod';
import { FaultRuleInput, isPlatformFault } from '../../server/faults/schema.ts';
import { PlatformFaultBody } from '../../server/platforms/fault-body.ts';
import { send, type Exchange } from './http.ts';
import { worldOf } from './worlds.ts';

/** `${…}` is rendered when the step runs: such a field is checked then, by the testbed. */
const templated = (value: unknown) => typeof value === 'string' && value.includes('${');

/**
 * `fault: {tenant?, effect, operation?, …}` or `fault: {tenant?, platform, mode, ms?}`: a fault rule
 * on one of the scenario's worlds (contract §5), or a platform failing for it alone. Its fields are
 * checked with the control API's own schemas (server/faults/schema.ts) when the file is read, so a
 * bad rule is refused before any world is made; the step still sends what the file says, and the
 * testbed fills in the defaults.
 */
export const FaultStep = z
  .looseObject({
    /** A tenant alias of the file; default: the first tenant declared. */
    tenant: z.string().optional(),
  })
  .superRefine(({ tenant: _tenant, ...fault }, ctx) => {
    const schema = isPlatformFault(fault) ? PlatformFaultBody : FaultRuleInput;
    // Spanish for what the schema does not word itself, as the file's own parse does (load.ts).
    const issues = schema.safeParse(fault, { error: z.locales.es().localeError }).error?.issues ?? [];
    for (const { path, message } of issues) {
      if (!templated(fault[String(path[0])])) ctx.addIssue({ code: 'custom', path, message });
    }
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
