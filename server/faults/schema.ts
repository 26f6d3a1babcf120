import { z } from 'zod';
import { controlBody } from '../control/schemas.ts';
import { hasControlCharacter } from '../tenants/limits.ts';

export const EFFECTS = ['rate_limited', 'unavailable', 'internal', 'delay', 'reset'] as const;
export type Effect = (typeof EFFECTS)[number];
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The rule's fields that are numbers: a form's text for them is sent as a number (the dashboard's form). */
export const NUMBER_FIELDS: readonly string[] = ['times', 'after', 'probability', 'retryAfter', 'delayMs'];

/** Bounds of every field, shown in the control document and the docs. */
export const LIMITS = {
  count: 1_000_000,
  retryAfter: 3_600,
  delayMs: 60_000,
  path: 512,
} as const;

/**
 * Where a rule's path, and a journal filter's (journal/filter.ts), must start: the partner API's
 * requests are the only ones a rule faults and the journal keeps. Any case, as Express routes them
 * ([vV], not a flag: the JSON Schema of scenario files keeps the pattern, and has no flags).
 */
export const PARTNER_PATH = { pattern: /^\/[vV]1\//, message: 'path debe empezar por /v1/, p. ej. /v1/vehicles/{id} o /v1/vehicles/5f0c…' } as const;

const count = (field: string, min: number) =>
  z.number({ error: `${field} debe ser un número entero` }).int(`${field} debe ser entero`)
    .min(min, `${field} debe ser al menos ${min}`).max(LIMITS.count, `${field} admite hasta ${LIMITS.count}`);

const RuleFields = controlBody({
  effect: z.enum(EFFECTS, { error: `effect debe ser uno de: ${EFFECTS.join(', ')}` }),
  operation: z.string({ error: 'operation debe ser un operationId de /v1/openapi.json' }).min(1, 'operation no puede estar vacío').optional()
    .meta({ description: 'Un operationId de /v1/openapi.json, p. ej. createVehicle; no se combina con method ni path.' }),
  method: z.string({ error: `method debe ser uno de: ${METHODS.join(', ')}` }).toUpperCase()
    .pipe(z.enum(METHODS, { error: `method debe ser uno de: ${METHODS.join(', ')}` })).optional()
    .meta({ description: `${METHODS.join(', ')} (en mayúsculas o minúsculas).` }),
  path: z.string({ error: 'path debe ser texto' }).regex(PARTNER_PATH.pattern, PARTNER_PATH.message)
    .max(LIMITS.path, `path admite hasta ${LIMITS.path} caracteres`)
    // Listed by the CLI and the dashboard as given: an escape sequence there cleared a terminal.
    .refine((path) => !hasControlCharacter(path), 'path no admite caracteres de control ni invisibles ni sustitutos UTF-16 sueltos').optional()
    .meta({ description: 'Una plantilla del documento (/v1/vehicles/{id}) o una ruta concreta.' }),
  times: count('times', 1).optional(),
  after: count('after', 0).default(0),
  probability: z.number({ error: 'probability debe ser un número' }).min(0, 'probability va de 0 a 1').max(1, 'probability va de 0 a 1').default(1),
  retryAfter: z.number({ error: 'retryAfter debe ser un número entero de segundos' }).int('retryAfter debe ser entero')
    .min(0, 'retryAfter no puede ser negativo').max(LIMITS.retryAfter, `retryAfter admite hasta ${LIMITS.retryAfter}`).optional(),
  delayMs: z.number({ error: 'delayMs debe ser un número entero' }).int('delayMs debe ser entero')
    .min(1, 'delayMs va de 1 a 60000').max(LIMITS.delayMs, 'delayMs va de 1 a 60000').optional(),
  when: z.enum(['before', 'after'], { error: 'when debe ser before o after' }).default('before'),
}).meta({ description: 'Una regla de falla: qué peticiones del mundo afecta y cómo.' });

const issue = (ctx: z.core.$RefinementCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

/** The rules a field carries about the others: what only makes sense with one effect. */
export const FaultRuleInput = RuleFields.superRefine((rule, ctx) => {
  if (rule.effect === 'delay' && rule.delayMs === undefined) issue(ctx, 'delayMs', 'delayMs es obligatorio con effect delay');
  if (rule.effect !== 'delay' && rule.delayMs !== undefined) issue(ctx, 'delayMs', 'delayMs solo se admite con effect delay');
  const waits = rule.effect === 'rate_limited' || rule.effect === 'unavailable';
  if (!waits && rule.retryAfter !== undefined) issue(ctx, 'retryAfter', 'retryAfter solo se admite con effect rate_limited o unavailable');
  if (rule.operation !== undefined && (rule.method !== undefined || rule.path !== undefined)) {
    issue(ctx, 'operation', 'operation no se combina con method ni path: elige una forma de elegir peticiones');
  }
});
export type FaultRuleInput = z.infer<typeof FaultRuleInput>;


/**
 * A body naming a platform sets that platform's fault for the world, and so does one with a `mode`
 * and no `effect` (its platform forgotten: the answer then says platform is missing, not that
 * effect is); any other is a rule. Shared by the control API and the scenario's `fault` step, which
 * checks its fields before the file runs.
 */
export const isPlatformFault = (body: Record<string, unknown>) =>
  Object.hasOwn(body, 'platform') || (Object.hasOwn(body, 'mode') && !Object.hasOwn(body, 'effect'));

/** What the rule list shows of a rule. */
export const FaultRuleView = z.object({
  id: z.string(),
  effect: z.enum(EFFECTS),
  operation: z.string().nullable(),
  method: z.enum(METHODS).nullable(),
  path: z.string().nullable(),
  times: z.number().int().nullable(),
  after: z.number().int(),
  probability: z.number(),
  retryAfter: z.number().int().nullable(),
  delayMs: z.number().int().nullable(),
  when: z.enum(['before', 'after']),
  hits: z.number().int().meta({ description: 'Peticiones a las que la regla ya aplicó el fallo.' }),
  remaining: z.number().int().nullable().meta({ description: 'Fallas que le quedan; null: sin límite.' }),
}).meta({ id: 'FaultRule' });
export type FaultRuleView = z.infer<typeof FaultRuleView>;

const PlatformMode = z.object({ mode: z.enum(['error', 'slow']), ms: z.number().int().min(0) });

/** The world's rules in the order they were made, and the platforms that fail for it alone. */
export const WorldFaults = z
  .object({ data: z.array(FaultRuleView), platforms: z.object({ platform_a: PlatformMode.optional(), platform_b: PlatformMode.optional() }) })
  .meta({ id: 'WorldFaults' });
