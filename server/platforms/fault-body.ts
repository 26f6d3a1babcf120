import type { z } from 'zod';

/**
 * `ms` is how slowly a `slow` platform answers: with `error` or `none` it would do nothing, and a
 * client sending it would believe it did (as `delayMs` with another effect of a rule, 400).
 * Shared by the testbed-wide body (`/_testbed/faults`) and a world's (`/_testbed/tenants/{id}/faults`).
 */
export function msOnlyWhenSlow(body: { mode: string; ms?: number }, ctx: z.core.$RefinementCtx): void {
  if (body.ms !== undefined && body.mode !== 'slow') ctx.addIssue({ code: 'custom', path: ['ms'], message: `ms solo se admite con mode slow (recibió mode ${body.mode})` });
}
