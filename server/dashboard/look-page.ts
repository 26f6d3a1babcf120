import type { Request, Response } from 'express';
import { ListDailyEarningsQuery } from '../earnings/schema.ts';
import { inlineProblem } from './errors.ts';
import { validation } from '../errors.ts';
import { addDays } from '../lib/mexico-city.ts';
import { BASE } from './components.ts';
import { filled, requireWorld, worldToday, type Dashboard } from './context.ts';
import { coveragePanel } from './coverage-panel.ts';
import { earningsCharts, earningsSeries } from './earnings-charts.ts';
import { html, seg, type Html } from './html.ts';
import { page } from './layout.ts';
import { timeline } from './timeline.ts';
import { worldSummary } from './world-page.ts';

/** Days a chart shows when no window is asked for: four weeks of the world's own calendar (platform_b settles in 17 days). */
const DEFAULT_DAYS = 28;

/** The days a chart shows: the window asked for, judged as the API judges dates, else the last four weeks of the world's today. */
interface Window {
  since: string;
  until: string;
  today: string;
}

/** Throws the API's own 400 for a date it refuses, before any default is worked out from it. */
function windowOf(ctx: Dashboard, tenantId: string, from: string | undefined, to: string | undefined): Window {
  ListDailyEarningsQuery.parse({ platform: 'platform_a', ...(from && { from }), ...(to && { to }) });
  const today = worldToday(ctx, tenantId);
  // Without `to` the window ends today: a later `from` is said against today, not against a `to` nobody gave.
  if (to === undefined && from !== undefined && from > today) {
    throw validation(`from no puede ser posterior a hoy en este mundo (${today}), donde acaba la ventana sin to.`, [{ field: 'from', message: `posterior a hoy (${today})` }]);
  }
  const until = to ?? today;
  return { since: from ?? addDays(until, -(DEFAULT_DAYS - 1)), until, today };
}

const chartsOf = (ctx: Dashboard, tenantId: string, w: Window): Html =>
  html`<div id="graficas">${earningsCharts(earningsSeries(ctx, tenantId, w.since, w.until, w.today))}</div>`;

function windowForm(tenantId: string, w: Window): Html {
  return html`<form hx-get="${BASE}/worlds/${seg(tenantId)}/charts" hx-target="#graficas" hx-swap="outerHTML" hx-trigger="submit, mundo-cambiado from:body">
    <div class="fila">
      <label>Desde <input type="date" name="from" value="${w.since}"></label>
      <label>Hasta <input type="date" name="to" value="${w.until}"></label>
      <button type="submit" class="secundario">Ver esos días</button>
    </div>
  </form>
  <p class="nota">Ganancias diarias ingeridas por la API, por plataforma. Los días de platform_b se marcan como provisionales hasta que se asientan (17 días después: propinas tardías y ajustes).</p>`;
}

/**
 * The form and the charts of the window asked for; a window the API refuses (a hand-edited
 * bookmark) answers 400 with the page whole: the form, set to the default window, and why.
 */
function windowCard(ctx: Dashboard, res: Response, tenantId: string, from: string | undefined, to: string | undefined): Html {
  try {
    const w = windowOf(ctx, tenantId, from, to);
    return html`${windowForm(tenantId, w)}${chartsOf(ctx, tenantId, w)}`;
  } catch (err) {
    return html`${windowForm(tenantId, windowOf(ctx, tenantId, undefined, undefined))}${inlineProblem(res, err, 'graficas')}`;
  }
}

/** `GET /dashboard/worlds/:world/look`: charts of rides and earnings, transition coverage, the world's history. */
export const lookPage = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  // A window asked for in the address (a bookmark, a reload) is the one shown, as the charts' form keeps it there.
  const from = filled(req.query, 'from');
  const to = filled(req.query, 'to');
  const body = html`${worldSummary(ctx, tenant)}
    <section class="tarjeta" aria-labelledby="t-graficas"><h2 id="t-graficas">Viajes y ganancias por día</h2>
      ${windowCard(ctx, res, tenant.id, from, to)}</section>
    <section class="tarjeta" aria-labelledby="t-cobertura"><h2 id="t-cobertura">Cobertura de transiciones</h2>
      ${coveragePanel(ctx, tenant.id)}</section>
    <section class="tarjeta" aria-labelledby="t-historia"><h2 id="t-historia">Lo que hicieron las plataformas</h2>
      <div id="historia" hx-get="${BASE}/worlds/${seg(tenant.id)}/timeline" hx-trigger="mundo-cambiado from:body">${timeline(ctx, tenant.id)}</div></section>`;
  res.type('html').send(page(`${tenant.name}: gráficas e historia`, body, { world: { id: tenant.id, name: tenant.name, tab: 'ver' }, charts: true }).value);
};

/** `GET /dashboard/worlds/:world/charts?from=&to=`; the page's address follows the window (HX-Replace-Url), so it can be bookmarked. */
export const chartsPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  const from = filled(req.query, 'from');
  const to = filled(req.query, 'to');
  // A window refused is said where the charts go: the charts of the window before are not left under it.
  let charts: Html;
  try {
    charts = chartsOf(ctx, tenant.id, windowOf(ctx, tenant.id, from, to));
  } catch (err) {
    return void res.type('html').send(inlineProblem(res, err, 'graficas').value);
  }
  const query = new URLSearchParams({ ...(from && { from }), ...(to && { to }) }).toString();
  res.setHeader('HX-Replace-Url', `${BASE}/worlds/${seg(tenant.id)}/look${query ? `?${query}` : ''}`);
  res.type('html').send(charts.value);
};

/** `GET /dashboard/worlds/:world/timeline`. */
export const timelinePartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  res.type('html').send(timeline(ctx, requireWorld(ctx, req).id).value);
};
