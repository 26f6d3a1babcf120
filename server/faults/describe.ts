/**
 * A fault rule in words, for the CLI's `faults list` and the dashboard's table alike. No imports:
 * the CLI loads this without the server's schemas.
 */
export interface DescribedRule {
  operation: string | null;
  method: string | null;
  path: string | null;
  after: number;
  probability: number;
  retryAfter: number | null;
  delayMs: number | null;
}

/** The requests a rule applies to. */
export const ruleTarget = (r: DescribedRule): string => r.operation ?? ([r.method, r.path].filter(Boolean).join(' ') || 'todas las peticiones');

/** What else shapes a rule's answers: without it, a rule `--after 1` would read as an unconditional one. */
export const ruleConditions = (r: DescribedRule): string => [
  r.after > 0 ? `tras ${r.after}` : null,
  r.probability < 1 ? `probabilidad ${r.probability}` : null,
  r.retryAfter !== null ? `Retry-After ${r.retryAfter} s` : null,
  r.delayMs !== null ? `${r.delayMs} ms` : null,
].filter((d) => d !== null).join(', ') || '—';
