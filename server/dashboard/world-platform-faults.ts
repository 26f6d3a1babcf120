import type { Request, Response } from 'express';
import { pathPlatform, PLATFORMS, type Platform } from '../common/schemas.ts';
import { badge, BASE, numberField } from './components.ts';
import { typedNumber } from '../lib/typed-number.ts';
import { answerAction, formFields, requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { platformTimeoutOf } from '../faults/platform-faults.ts';
import { DEFAULT_SLOW_MS } from '../faults/service.ts';

const RELOADS = 'mundo-cambiado from:body';

/**
 * A platform fault form as the control API's JSON body: `ms` as a number (a text that is not one
 * goes as typed, and the schema names the field), absent when left blank, and left out with a mode
 * other than slow: the field, labelled for slow, keeps what was typed after a submit, and the API
 * refuses `ms` with error or none. Shared with the testbed-wide form (drive-actions.ts), whose body
 * has the same shape.
 */
export function platformFaultOf(fields: Record<string, string>): Record<string, unknown> {
  const { ms, ...rest } = fields;
  return { ...rest, ...(ms !== undefined && fields.mode === 'slow' && { ms: typedNumber(ms) }) };
}

const described = (fault: { mode: string; ms: number }) => `${fault.mode}${fault.mode === 'slow' ? ` (${fault.ms} ms)` : ''}`;

/**
 * The world's own platform faults, as `GET /_testbed/tenants/{id}/faults` answers them in
 * `platforms`. A platform without one says "sin falla propia", not "none": a testbed-wide fault
 * (the drive panel's line) may still make it fail for this world.
 */
export function worldPlatformFaultsState(ctx: Dashboard, tenantId: string): Html {
  const world = `${BASE}/worlds/${seg(tenantId)}`;
  const { platforms } = ctx.services.faults.list(tenantId);
  const line = (p: Platform) => {
    const fault = platforms[p];
    if (!fault) return html`<li><strong>${p}</strong>: <span class="nada">sin falla propia</span></li>`;
    return html`<li><div class="fila"><span><strong>${p}</strong>: ${badge(fault.mode)}${fault.mode === 'slow' ? ` ${fault.ms} ms` : ''}</span>
      <button hx-delete="${world}/platform-faults/${seg(p)}" hx-target="#resultado" class="peligro" aria-label="Quitar la falla de ${p} de este mundo">Quitar</button></div></li>`;
  };
  // While the world has one, it is read again every 2 s, as the rules are: a restart of serve clears
  // them, and the page went on showing one with its Quitar button.
  const poll = PLATFORMS.some((p) => platforms[p]) ? 'every 2s, ' : '';
  return html`<ul id="fallas-plataforma-mundo" class="lista" hx-get="${world}/platform-faults" hx-trigger="${poll}${RELOADS}" hx-swap="outerHTML">
    ${PLATFORMS.map(line)}
  </ul>`;
}

/** What slow does against this serve's limit for a platform call: an answer late, or a 503 as error's. */
export function slowNote(timeoutMs: number): string {
  const limit = `el límite de la API para una llamada (${timeoutMs} ms, FLEET_PLATFORM_TIMEOUT_MS)`;
  const byDefault = DEFAULT_SLOW_MS >= timeoutMs
    ? `Sin ms, slow tarda ${DEFAULT_SLOW_MS} ms, así que falla por tiempo`
    : `Sin ms, slow tarda ${DEFAULT_SLOW_MS} ms`;
  return `Una llamada lenta que alcanza ${limit} acaba en 503 como con error. ${byDefault}; para una respuesta lenta que llega, da menos ms que ese límite.`;
}

/** The section of the "Fallas de la API" card: the world's platform faults now, and a form to set one. */
export function worldPlatformFaultsSection(ctx: Dashboard, tenantId: string): Html {
  return html`<h3 id="t-fallas-plataforma-mundo">Fallas de plataforma solo de este mundo</h3>
    ${worldPlatformFaultsState(ctx, tenantId)}
    <form novalidate hx-post="${BASE}/worlds/${seg(tenantId)}/platform-faults" hx-target="#resultado" aria-labelledby="t-fallas-plataforma-mundo"><div class="fila">
      <label>Plataforma de este mundo <select name="platform">${PLATFORMS.map((p) => html`<option>${p}</option>`)}</select></label>
      <label>Modo para este mundo <select name="mode"><option value="error">error</option><option value="slow">slow (lenta)</option><option value="none">none (quitar la falla)</option></select></label>
      <label>ms para este mundo (slow) ${numberField('ms', 8)}</label>
      <button type="submit" class="secundario">Aplicar a este mundo</button>
    </div></form>
    <p class="nota">Cada llamada de la API a esa plataforma para este mundo (sus peticiones y la sincronización) falla con 503 (error) o tarda esos ms (slow); los demás mundos no la ven. ${slowNote(platformTimeoutOf(ctx.deps))}</p>`;
}

/** The section's list (GET) and its actions, through the fault service `/_testbed/tenants/{id}/faults` uses. */
export function worldPlatformFaultsActions(ctx: Dashboard) {
  const faults = ctx.services.faults;
  return {
    partial(req: Request, res: Response): void {
      res.type('html').send(worldPlatformFaultsState(ctx, requireWorld(ctx, req).id).value);
    },
    set(req: Request, res: Response): void {
      const tenant = requireWorld(ctx, req);
      const set = faults.setPlatform(tenant.id, platformFaultOf(formFields(req)));
      answerAction(res, set.mode === 'none'
        ? `${set.platform} ya no tiene falla propia en «${tenant.name}».`
        : `Falla de ${set.platform} solo para «${tenant.name}»: ${described(set)}.`);
    },
    clear(req: Request, res: Response): void {
      const tenant = requireWorld(ctx, req);
      const { platform } = faults.setPlatform(tenant.id, { platform: pathPlatform(req.params.platform), mode: 'none' });
      answerAction(res, `${platform} ya no tiene falla propia en «${tenant.name}».`);
    },
  };
}
