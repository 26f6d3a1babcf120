import type { Request, Response } from 'express';
import { addDays } from '../lib/mexico-city.ts';
import { badge, BASE, glossed, GLOSSES, numberField, when } from './components.ts';
import { requireWorld, worldNow, worldToday, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { LIST_LIMIT } from './vehicles-table.ts';

const RELOADS = 'mundo-cambiado from:body';

/**
 * `GET /dashboard/worlds/:world/clock`: the world's own time, reloaded after every action; its day
 * (`data-hoy`) is what the rides window's defaults follow (dashboard.js).
 */
export const clockLine = (ctx: Dashboard, tenantId: string): Html =>
  html`<span id="hora-mundo" data-hoy="${worldToday(ctx, tenantId)}" hx-get="${BASE}/worlds/${seg(tenantId)}/clock" hx-trigger="${RELOADS}" hx-swap="outerHTML">${when(worldNow(ctx, tenantId))}</span>`;

function clockForms(tenantId: string): Html {
  const url = `${BASE}/worlds/${seg(tenantId)}/clock/advance`;
  return html`<h3>Reloj del mundo</h3>
    <form novalidate hx-post="${url}" hx-target="#resultado"><div class="fila" role="group" aria-label="Avances rápidos">
      <button name="duration" value="1h">Avanzar 1 hora</button><button name="duration" value="1d">Avanzar 1 día</button><button name="duration" value="7d">Avanzar 7 días</button>
    </div></form>
    <form novalidate hx-post="${url}" hx-target="#resultado"><div class="fila">
      <label>Otra duración <input name="duration" required placeholder="45m, 6h, 3d, 1d12h" size="14" autocomplete="off"></label>
      <button type="submit" class="secundario">Avanzar</button>
    </div></form>`;
}

/** Reviews platform_a is running (the card was sent) and invitations waiting for the driver. */
const CARD_VERDICTS = (['approved', 'rejected'] as const).map((v) => html`<option value="${v}">${glossed(v, GLOSSES.card)}</option>`);

export function pendingLists(ctx: Dashboard, tenantId: string): Html {
  const world = `${BASE}/worlds/${seg(tenantId)}`;
  const inReview = ctx.services.vehicles.list(tenantId, { status: 'pending_platform_a' }, LIST_LIMIT).data
    .filter((v) => v.registrations.some((r) => r.platform === 'platform_a' && r.docStatus === 'submitted'));
  const invited = ctx.services.drivers.list(tenantId, {}, LIST_LIMIT).data
    .filter((d) => d.invitations.some((i) => i.platform === 'platform_a' && i.status === 'invited'));
  const review = inReview.map((v) => html`<li><form novalidate hx-post="${world}/vehicles/${seg(v.id)}/review" hx-target="#resultado"><div class="fila">
      <strong>${v.plate}</strong>
      <label>Tarjeta de circulación <select name="card">${CARD_VERDICTS}</select></label>
      <button name="verdict" value="approved" aria-label="Aprobar la revisión de ${v.plate}">Aprobar</button>
      <button name="verdict" value="rejected" class="peligro" aria-label="Rechazar la revisión de ${v.plate}">Rechazar</button>
    </div></form></li>`);
  const answer = invited.map((d) => html`<li><div class="fila">
      <strong>${d.name}</strong> <span>${d.whatsapp}</span>
      <button hx-post="${world}/drivers/${seg(d.id)}/accept" hx-target="#resultado" aria-label="Aceptar invitación de ${d.name}">Aceptar invitación</button>
      <button hx-post="${world}/drivers/${seg(d.id)}/decline" hx-target="#resultado" class="peligro" aria-label="Declinar invitación de ${d.name}">Declinar</button>
    </div></li>`);
  return html`<div id="pendientes" hx-get="${world}/pending" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    <h3>Revisiones de platform_a en curso</h3>
    ${review.length ? html`<ul class="lista">${review}</ul>` : html`<p class="vacio">Ningún vehículo con la tarjeta enviada espera revisión. Los de un fixture ya están aprobados; para tener uno que revisar, regístralo en platform_a y envía su tarjeta de circulación con la API de este mundo (<code>POST /v1/vehicles/{id}/registrations</code> y <code>…/documents</code>: el recorrido del README). Aparece aquí al actualizar la página.</p>`}
    <h3>Invitaciones de platform_a sin respuesta</h3>
    ${answer.length ? html`<ul class="lista">${answer}</ul>` : html`<p class="vacio">Ningún conductor tiene una invitación abierta. Los de un fixture ya están vinculados; invita a uno con la API de este mundo (<code>POST /v1/drivers/{id}/invitations</code>) y aparece aquí al actualizar la página.</p>`}
  </div>`;
}

/**
 * A day of the rides window, `days` from the world's today by default: as the clock moves, a default
 * still untouched follows the new today (`data-puesto`, dashboard.js); a day the user typed stays.
 */
const windowDay = (name: string, today: string, days: number): Html => {
  const value = addDays(today, days);
  return html`<input type="date" name="${name}" required value="${value}" data-dias-desde-hoy="${String(days)}" data-puesto="${value}">`;
};

function ridesForm(ctx: Dashboard, tenantId: string): Html {
  const today = worldToday(ctx, tenantId);
  return html`<h3>Viajes</h3>
    <form novalidate hx-post="${BASE}/worlds/${seg(tenantId)}/rides/generate" hx-target="#resultado"><div class="fila">
      <label>Desde ${windowDay('from', today, -6)}</label>
      <label>Hasta ${windowDay('to', today, 0)}</label>
      <button type="submit">Generar viajes</button>
    </div></form>
    <p class="nota">Las plataformas producen los viajes de esos días (hasta hoy del mundo) y la API los ingiere.</p>`;
}

/**
 * `GET /dashboard/faults`: the simulators' own faults now, which every world meets. Said as such: read
 * as "this world's platforms" it told a tester a platform was healthy that failed for that world alone
 * (those are in the "Fallas de la API" card, world-platform-faults.ts).
 */
export async function faultsState(ctx: Dashboard): Promise<Html> {
  const faults = await ctx.deps.simulators.getFaults();
  const line = (p: 'platform_a' | 'platform_b') => html`<span>${p}: ${badge(faults[p].mode)}${faults[p].mode === 'slow' ? ` ${faults[p].ms} ms` : ''}</span>`;
  // Read again every 5 s too: set from another tab, a test or the CLI, it is every world's.
  return html`<p id="fallas" class="resumen" hx-get="${BASE}/faults" hx-trigger="every 5s, ${RELOADS}" hx-swap="outerHTML">Ahora, en todos los mundos: ${line('platform_a')} ${line('platform_b')}</p>`;
}

function faultsForm(): Html {
  return html`<h3>Fallas de plataforma de todo el testbed</h3>
    <p id="fallas" class="resumen" hx-get="${BASE}/faults" hx-trigger="load" hx-swap="outerHTML">Leyendo las fallas…</p>
    <form novalidate hx-post="${BASE}/faults" hx-target="#resultado"><div class="fila">
      <label>Plataforma <select name="platform"><option>platform_a</option><option>platform_b</option></select></label>
      <label>Modo <select name="mode"><option value="none">none (sin falla)</option><option value="error">error</option><option value="slow">slow (lenta)</option></select></label>
      <label>ms (para slow) ${numberField('ms', 8)}</label>
      <button type="submit" class="secundario">Aplicar a todo el testbed</button>
    </div></form>
    <p class="nota">Una falla de aquí es de la plataforma simulada: la ven todos los mundos. Una falla solo de este mundo se fija en «Fallas de la API».</p>`;
}

/** The "drive it" card of the world page. */
export function drivePanel(ctx: Dashboard, tenantId: string): Html {
  return html`<section class="tarjeta" aria-labelledby="t-manejar">
    <h2 id="t-manejar">Manejar el mundo</h2>
    <div class="rejilla">
      <div>${clockForms(tenantId)}${ridesForm(ctx, tenantId)}${faultsForm()}</div>
      <div>${pendingLists(ctx, tenantId)}</div>
    </div>
  </section>`;
}

export const clockPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  res.type('html').send(clockLine(ctx, requireWorld(ctx, req).id).value);
};
export const pendingPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  res.type('html').send(pendingLists(ctx, requireWorld(ctx, req).id).value);
};
export const faultsPartial = (ctx: Dashboard) => async (_req: Request, res: Response): Promise<void> => {
  res.type('html').send((await faultsState(ctx)).value);
};
