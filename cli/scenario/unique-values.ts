import { send, StepError } from './http.ts';
import type { ActionContext } from './actions.ts';
import { MAGIC_BY_KIND } from '../../server/lib/magic-values.ts';

const KINDS = ['plate', 'vin', 'whatsapp'] as const;
type Kind = (typeof KINDS)[number];
/** `${unique.plate}`, or a magic one: `${unique.plate.RB}`, `${unique.whatsapp.0002}` (checked as the file is read: references.ts). */
const TOKEN = /\$\{unique\.([a-z]+)(?:\.([A-Za-z0-9]+))?\}/g;
/**
 * The tokens as the template reads them (template.ts), left to right: an escaped `$${` is taken
 * first and left for the rendering to write as `${`, so `$${unique.plate}` draws nothing.
 */
const TOKEN_OR_ESCAPE = new RegExp(`\\$\\$\\{|${TOKEN.source}`, 'g');

/** Draws one value for the world: never one another world of the serve was given (contract §5). */
async function draw(ctx: ActionContext, tenantId: string, kind: string, magic: string | undefined): Promise<string> {
  const token = `\${unique.${kind}${magic === undefined ? '' : `.${magic}`}}`;
  if (!(KINDS as readonly string[]).includes(kind)) throw new StepError(`\${unique.${kind}} no existe: usa \${unique.plate}, \${unique.vin} o \${unique.whatsapp}`);
  const path = `/_testbed/tenants/${encodeURIComponent(tenantId)}/unique/${kind as Kind}`;
  const field = MAGIC_BY_KIND[kind as keyof typeof MAGIC_BY_KIND]?.field;
  const json = magic === undefined || field === undefined ? undefined : { [field]: magic };
  const response = await send(ctx.baseUrl + path, { method: 'POST', headers: ctx.controlHeaders, json });
  const value = (response.body as { value?: string } | null)?.value;
  if (response.status !== 200 || value === undefined) {
    const said = (response.body as { error?: { message?: string } } | null)?.error?.message;
    throw new StepError(`no se pudo obtener ${token} (HTTP ${response.status})${said ? `: ${said}` : ''}`);
  }
  return value;
}

/**
 * Replaces every `${unique.plate}`, `${unique.vin}` and `${unique.whatsapp}` (or a magic one) of a step with a new
 * value of the file's first world, before the step's other `${…}` are rendered: each occurrence is
 * a value of its own (capture it from the answer to use it again).
 */
export async function drawUniques<T>(value: T, ctx: ActionContext, tenantId: string): Promise<T> {
  if (typeof value === 'string') {
    const asked = [...value.matchAll(TOKEN_OR_ESCAPE)].filter((m) => m[1] !== undefined).map((m) => [m[1], m[2]] as const);
    if (asked.length === 0) return value;
    const drawn: string[] = [];
    for (const [kind, magic] of asked) drawn.push(await draw(ctx, tenantId, kind, magic));
    return value.replace(TOKEN_OR_ESCAPE, (escape, kind?: string) => (kind === undefined ? escape : drawn.shift()!)) as T;
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
