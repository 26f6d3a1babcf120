import type { Request, Response } from 'express';
import { EFFECTS, METHODS, NUMBER_FIELDS } from '../faults/schema.ts';
import { ruleConditions, ruleTarget } from '../faults/describe.ts';
import { OPERATIONS } from '../openapi/operations.ts';
import { BASE, numberField, table } from './components.ts';
import { typedNumber } from '../lib/typed-number.ts';
import { answerAction, formFields, requireWorld, type Dashboard } from './context.ts';
import { validation } from '../errors.ts';
import { html, seg, type Html } from './html.ts';
import { worldPlatformFaultsSection } from './world-platform-faults.ts';

const NUMBERS = new Set(NUMBER_FIELDS);
/** What the operation field offers as it is typed: the document's operations a world's key reaches (not health's, not the document's). */
const KEYED_OPERATIONS = OPERATIONS.filter((op) => op.scope !== 'public').map((op) => op.operationId);

/** A probability as a Spanish speaker writes it (`0,5`) read as the API's `0.5`: the only field with decimals. */
const decimalPoint = (field: string, text: string) => (field === 'probability' ? text.replace(/^(\d+),(\d+)$/, '$1.$2') : text);

/** Form text → the control API's rule: numbers where the field is one (a text that is not fails there, naming the field). */
const ruleOf = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, NUMBERS.has(k) ? typedNumber(decimalPoint(k, v)) : v]));

const EVERY_REQUEST = 'Di qué peticiones falla la regla (operación, método o ruta), o marca «Todas las peticiones del mundo»: sin ninguna, la regla falla cada petición del mundo.';

const HEADERS = ['Regla', 'Efecto', 'Peticiones', 'Cuándo', 'Condiciones', 'Aciertos', 'Restantes', 'Acciones'] as const;

/** As cards on a phone, as the world's snapshots are: eight columns put the remove button off screen. */
function rulesTable(ctx: Dashboard, tenantId: string): Html {
  const world = `${BASE}/worlds/${seg(tenantId)}`;
  const rules = ctx.services.faults.list(tenantId).data;
  const [id, effect, target, when, conditions, hits, remaining, actions] = HEADERS;
  const rows = rules.map((r) => html`<tr>
      <td data-label="${id}"><code>${r.id}</code></td><td data-label="${effect}">${r.effect}</td><td data-label="${target}">${ruleTarget(r)}</td><td data-label="${when}">${r.when}</td><td data-label="${conditions}">${ruleConditions(r)}</td>
      <td data-label="${hits}">${String(r.hits)}</td><td data-label="${remaining}">${r.remaining === null ? 'sin límite' : String(r.remaining)}</td>
      <td data-label="${actions}"><button hx-delete="${world}/faults/${seg(r.id)}" hx-target="#resultado" class="peligro" aria-label="Quitar la regla ${r.id}">Quitar</button></td>
    </tr>`);
  // While there are rules, their hits are read again every 2 s (the world's requests come from its
  // tests, not from this page), as the open jobs' progress is (activity-tables.ts).
  const poll = rules.length > 0 ? 'every 2s, ' : '';
  // Spent rules (remaining 0) stay listed, as the API keeps them: one button takes them all, as `faults clear` does.
  const clearAll = rules.length > 1
    ? html`<p><button hx-delete="${world}/faults" hx-target="#resultado" hx-confirm="¿Quitar las ${String(rules.length)} reglas de falla de este mundo y sus fallas de plataforma propias?" class="peligro secundario">Quitar todas</button></p>`
    : null;
  return html`<div id="fallos-mundo" hx-get="${world}/faults" hx-trigger="${poll}mundo-cambiado from:body" hx-swap="outerHTML">
    ${table('Reglas de falla del mundo', [...HEADERS], rows, 'El mundo no tiene reglas de falla.', 'tarjetas')}${clearAll}
  </div>`;
}

/** What each effect does, in Spanish beside its name, as the other menus of the page say theirs. */
const EFFECT_GLOSS: Record<(typeof EFFECTS)[number], string> = {
  rate_limited: '429 con Retry-After',
  unavailable: '503 con Retry-After',
  internal: '500',
  delay: 'responde tras una espera',
  reset: 'corta la conexión',
};

function addForm(tenantId: string): Html {
  const options = EFFECTS.map((e) => html`<option value="${e}">${e} (${EFFECT_GLOSS[e]})</option>`);
  // Emptied once the rule is made (data-vaciar): a «Todas las peticiones» left ticked would make the next click's rule fail every request too.
  return html`<form novalidate hx-post="${BASE}/worlds/${seg(tenantId)}/faults" hx-target="#resultado" data-vaciar><div class="fila">
      <label>Efecto <select name="effect">${options}</select></label>
      <label>Operación <input name="operation" placeholder="createVehicle" size="16" autocomplete="off" list="operaciones"></label>
      <datalist id="operaciones">${KEYED_OPERATIONS.map((id) => html`<option value="${id}">`)}</datalist>
      <label>Método <select name="method"><option value="">cualquiera</option>${METHODS.map((m) => html`<option>${m}</option>`)}</select></label>
      <label>Ruta <input name="path" placeholder="/v1/vehicles/{id}" size="18" autocomplete="off"></label>
      <label>Veces ${numberField('times', 6)}</label>
      <label>Después de ${numberField('after', 6)}</label>
      <label>Probabilidad ${numberField('probability', 5, { decimal: true })}</label>
      <label>Retry-After (s) ${numberField('retryAfter', 5)}</label>
      <label>Demora (ms) ${numberField('delayMs', 6)}</label>
      <label>Cuándo <select name="when"><option value="before">before (nada cambia)</option><option value="after">after (se procesa, se pierde la respuesta)</option></select></label>
      <label class="casilla"><input type="checkbox" name="todas" value="si"> Todas las peticiones del mundo</label>
      <button type="submit">Añadir regla</button>
    </div></form>`;
}

/**
 * The world page's "API faults" card: the rules with their live hits, a form to add one, a button to
 * remove each; and the platforms that fail for this world alone (the other half of the world's
 * fault list), apart from the testbed-wide ones the drive panel shows.
 */
export function worldFaultsCard(ctx: Dashboard, tenantId: string): Html {
  return html`<section class="tarjeta" aria-labelledby="t-fallos-api">
    <h2 id="t-fallos-api">Fallas de la API</h2>
    ${rulesTable(ctx, tenantId)}${addForm(tenantId)}
    <p class="nota">Solo las peticiones de este mundo: la respuesta lleva <code>X-Testbed-Fault</code> con el id de la regla.</p>
    ${worldPlatformFaultsSection(ctx, tenantId)}
  </section>`;
}

export function worldFaultsActions(ctx: Dashboard) {
  return {
    partial(req: Request, res: Response): void {
      res.type('html').send(rulesTable(ctx, requireWorld(ctx, req).id).value);
    },
    add(req: Request, res: Response): void {
      const tenantId = requireWorld(ctx, req).id;
      const { todas, ...fields } = formFields(req);
      // A form sent as it came (one click) would fail every request of the world, with no end: the
      // control API's rule with no target, which a script asks for knowingly, is asked for here so.
      if (fields.operation === undefined && fields.method === undefined && fields.path === undefined && todas !== 'si') {
        throw validation(EVERY_REQUEST, [{ field: 'operation', message: EVERY_REQUEST }]);
      }
      const rule = ctx.services.faults.add(tenantId, ruleOf(fields));
      answerAction(res, `Regla ${rule.id} creada: ${rule.effect} en ${ruleTarget(rule)}.`);
    },
    remove(req: Request, res: Response): void {
      const removed = ctx.services.faults.remove(requireWorld(ctx, req).id, String(req.params.fault));
      answerAction(res, `Regla ${removed.id} quitada.`);
    },
    clear(req: Request, res: Response): void {
      const { deleted } = ctx.services.faults.clear(requireWorld(ctx, req).id);
      answerAction(res, `${deleted === 1 ? 'Se quitó 1 falla' : `Se quitaron ${deleted} fallas`} de este mundo (reglas y fallas de plataforma propias).`);
    },
  };
}
