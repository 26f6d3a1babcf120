import { send, StepError } from './http.ts';
import type { ActionContext } from './actions.ts';

const KINDS = ['plate', 'vin', 'whatsapp'] as const;
type Kind = (typeof KINDS)[number];
const TOKEN = /\$\{unique\.([a-z]+)\}/g;

/** Draws one value for the world: never one another world of the serve was given (contract §5). */
async function draw(ctx: ActionContext, tenantId: string, kind: string): Promise<string> {
  if (!(KINDS as readonly string[]).includes(kind)) throw new StepError(`\${unique.${kind}} no existe: usa \${unique.plate}, \${unique.vin} o \${unique.whatsapp}`);
  const path = `/_testbed/tenants/${encodeURIComponent(tenantId)}/unique/${kind as Kind}`;
  const response = await send(ctx.baseUrl + path, { method: 'POST', headers: ctx.controlHeaders });
  const value = (response.body as { value?: string } | null)?.value;
  if (response.status !== 200 || value === undefined) throw new StepError(`no se pudo obtener \${unique.${kind}} (HTTP ${response.status})`);
  return value;
}

/**
 * Replaces every `${unique.plate}`, `${unique.vin}` and `${unique.whatsapp}` of a step with a new
 * value of the file's first world, before the step's other `${…}` are rendered: each occurrence is
 * a value of its own (capture it from the answer to use it again).
 */
export async function drawUniques<T>(value: T, ctx: ActionContext, tenantId: string): Promise<T> {
  if (typeof value === 'string') {
    const kinds = [...value.matchAll(TOKEN)].map((m) => m[1]);
    if (kinds.length === 0) return value;
    const drawn: string[] = [];
    for (const kind of kinds) drawn.push(await draw(ctx, tenantId, kind));
    return value.replace(TOKEN, () => drawn.shift()!) as T;
  }
  if (Array.isArray(value)) {
    const out = [];
    for (const item of value) out.push(await drawUniques(item, ctx, tenantId));
    return out as T;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await drawUniques(v, ctx, tenantId);
    return out as T;
  }
  return value;
}
