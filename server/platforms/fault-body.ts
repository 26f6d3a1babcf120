import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { controlBody } from '../control/schemas.ts';

/**
 * `ms` is how slowly a `slow` platform answers: with `error` or `none` it would do nothing, and a
 * client sending it would believe it did (as `delayMs` with another effect of a rule, 400).
 */
function msOnlyWhenSlow(body: { mode: string; ms?: number }, ctx: z.core.$RefinementCtx): void {
  if (body.ms !== undefined && body.mode !== 'slow') ctx.addIssue({ code: 'custom', path: ['ms'], message: `ms solo se admite con mode slow (recibió mode ${body.mode})` });
}

/**
 * A platform failing (or answering slowly): the testbed-wide body (`POST /_testbed/faults`) and a
 * world's own (`POST /_testbed/tenants/{id}/faults`), one shape so the two never drift apart.
 */
export const PlatformFaultBody = controlBody({
  platform: Platform,
  mode: z.enum(['none', 'error', 'slow'], { error: 'mode debe ser none, error o slow' }),
  ms: z.number({ error: 'ms debe ser un número' }).int('ms debe ser entero').min(0, 'ms no puede ser negativo')
    .max(600_000, 'ms admite hasta 600000').optional(),
}).superRefine(msOnlyWhenSlow);
