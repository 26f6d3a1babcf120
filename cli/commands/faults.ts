// `faults add|list|clear|remove --tenant ID` (contract §5): a world's fault rules over the control API.
import { callTestbed } from '../environment.ts';
import { inOptionNames } from '../lib/option-names.ts';
import { table } from '../lib/table.ts';
import { fail, print, type OutputOptions } from '../output.ts';
import { ruleConditions, ruleTarget, type DescribedRule } from '../../server/faults/describe.ts';
import { typedNumber } from '../../server/lib/typed-number.ts';
import { idSegment, worldPath } from '../lib/control-path.ts';

interface RuleView extends DescribedRule {
  id: string;
  effect: string;
  when: string;
  hits: number;
  remaining: number | null;
}

type Flags = OutputOptions & { tenant: string } & Record<string, string | boolean | undefined>;

const NUMERIC = ['times', 'after', 'probability', 'retryAfter', 'delayMs', 'ms'];
const RULE_FIELDS = ['effect', 'operation', 'method', 'path', 'when', ...NUMERIC.filter((f) => f !== 'ms')];
const PLATFORM_FIELDS = ['platform', 'mode', 'ms'];

/** A number where the text is one written plainly; otherwise the text as given, which the testbed refuses naming the field. */
const value = (field: string, raw: string) => (NUMERIC.includes(field) ? typedNumber(raw) : raw);
const text = (flags: Flags, field: string) => flags[field] as string;

/**
 * Every option given, of either form: the control API refuses one that does not belong to the form
 * (`campo desconocido: mode (se admiten …)`), where dropping it here made another rule than the one
 * asked for (`--effect internal --mode slow` made an unfiltered 500 rule).
 */
function bodyOf(flags: Flags): Record<string, unknown> {
  return Object.fromEntries([...RULE_FIELDS, ...PLATFORM_FIELDS].filter((f) => flags[f] !== undefined).map((f) => [f, value(f, text(flags, f))]));
}

const base = (tenantId: string) => `${worldPath(tenantId)}/faults`;
const row = (r: RuleView) => [r.id, r.effect, ruleTarget(r), r.when, ruleConditions(r), String(r.hits), r.remaining === null ? 'sin límite' : String(r.remaining)];

/** What the dashboard's form says too (server/dashboard/world-faults.ts): a rule with no selector fails the whole world. */
export const NO_SELECTOR = 'di qué peticiones falla la regla (--operation, --method o --path), o --all para todas las del mundo: sin ninguna, la regla falla cada petición del mundo';

export async function addFault(opts: Flags & { all?: boolean }): Promise<void> {
  const selecting = ['operation', 'method', 'path'].filter((f) => opts[f] !== undefined);
  const platform = PLATFORM_FIELDS.filter((f) => opts[f] !== undefined);
  // A forgotten --operation in a script made a rule that failed every request of the world, silently.
  // Without --effect either, the testbed's own answer says that first.
  if (opts.effect !== undefined && platform.length === 0 && selecting.length === 0 && !opts.all) fail(NO_SELECTOR);
  const mixed = [...selecting, ...platform].map((f) => `--${f}`);
  if (opts.all && mixed.length > 0) fail(`--all es una regla para todas las peticiones del mundo: no se combina con ${mixed.join(', ')}`);
  const body = await inOptionNames([...RULE_FIELDS, ...PLATFORM_FIELDS], () =>
    callTestbed<RuleView & { platform?: string; mode?: string; ms?: number }>(base(opts.tenant), { body: bodyOf(opts) }));
  const human = body.platform
    ? (body.mode === 'none' ? `${body.platform} ya no falla para este mundo` : `Falla de ${body.platform} para este mundo: ${body.mode}${body.mode === 'slow' ? ` (${body.ms} ms)` : ''}`)
    : `Regla ${body.id} creada: ${body.effect} en ${ruleTarget(body)}`;
  print(opts, body, human);
}

export async function listFaults(opts: Flags): Promise<void> {
  const body = await callTestbed<{ data: RuleView[]; platforms: Record<string, { mode: string; ms: number }> }>(base(opts.tenant));
  // Aligned as every other list of the CLI (lib/table.ts).
  const rules = body.data.length ? [table(['ID', 'EFECTO', 'PETICIONES', 'CUÁNDO', 'CONDICIONES', 'ACIERTOS', 'RESTANTES'], body.data.map(row))] : ['El mundo no tiene reglas de falla.'];
  const platforms = Object.entries(body.platforms).map(([p, f]) => `${p}: ${f.mode}${f.mode === 'slow' ? ` (${f.ms} ms)` : ''}`);
  print(opts, body, [...rules, ...platforms].join('\n'));
}

export async function clearFaults(opts: Flags): Promise<void> {
  const body = await callTestbed<{ deleted: number }>(base(opts.tenant), { method: 'DELETE' });
  print(opts, body, `Reglas y fallas de plataforma borradas: ${body.deleted}`);
}

export async function removeFault(faultId: string, opts: Flags): Promise<void> {
  const body = await callTestbed<{ id: string; deleted: true }>(`${base(opts.tenant)}/${idSegment(faultId, `La regla de falla ${faultId} de este mundo no existe.`)}`, { method: 'DELETE' });
  print(opts, body, `Regla borrada: ${body.id}`);
}
