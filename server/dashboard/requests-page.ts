import type { Request, Response } from 'express';
import { orInlineProblem } from './errors.ts';
import { harAttachment } from '../journal/har.ts';
import type { JournalEntry, JournalMessage } from '../journal/view.ts';
import { BASE, when } from './components.ts';
import { filled, requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { page } from './layout.ts';
import { worldSummary } from './world-page.ts';

/** The entries a page shows: the newest; a filter finds older ones. */
const SHOWN = 50;
const STATUS_CLASSES = ['2xx', '4xx', '5xx', 'none'];
/** How the menu says each; `none` is what the list shows of such a request. */
const STATUS_LABELS: Record<string, string> = { none: 'sin respuesta' };

interface Filters {
  status?: string;
  path?: string;
}

const filtersOf = (req: Request): Filters => ({ status: filled(req.query, 'status'), path: filled(req.query, 'path') });

/** `?status=4xx&path=…` of the filters set, or '' with none: the page's and the HAR's address keep them. */
function filterQuery(filters: Filters): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined) as [string, string][]).toString();
  return query ? `?${query}` : '';
}

const statusBadge = (status: number | null): Html => {
  const family = status === null ? 'mal' : status < 300 ? 'ok' : status < 500 ? 'espera' : 'mal';
  return html`<span class="estado estado-${family}">${status ?? 'sin respuesta'}</span>`;
};

function bodyBlock(message: JournalMessage): Html {
  if (message.body === null) return html`<p class="nada">Sin cuerpo.</p>`;
  const text = typeof message.body === 'string' ? message.body : JSON.stringify(message.body, null, 2);
  return html`<pre class="cuerpo">${text}</pre>${message.truncated ? html`<p class="nota">Cortado a 64 KiB.</p>` : null}`;
}

function messageBlock(title: string, message: JournalMessage): Html {
  const headers = Object.entries(message.headers).map(([name, value]) => `${name}: ${value}`).join('\n');
  return html`<div class="mensaje"><h3>${title}</h3><pre class="cabeceras">${headers}</pre>${bodyBlock(message)}</div>`;
}

/**
 * No answer went out: a `reset` rule cut the connection, or the client left first (gave up on a
 * `delay` rule, timed out): nothing to show as one. The entry names the rule, not which it was.
 */
const noAnswer = (entry: JournalEntry): Html => html`<div class="mensaje"><h3>Respuesta</h3><p class="nada">${entry.fault
  ? `Ninguna: la conexión se cerró sin respuesta, con la regla ${entry.fault} aplicada (un reset la corta; con un delay, el cliente se fue antes).`
  : 'Ninguna: la conexión se cerró antes de la respuesta (el cliente se fue o se rindió).'}</p></div>`;

function entryItem(entry: JournalEntry): Html {
  const query = new URLSearchParams(Object.entries(entry.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, x]))).toString();
  return html`<li class="solicitud"><details>
    <summary><span class="metodo">${entry.method}</span> <code>${entry.path}${query ? `?${query}` : ''}</code> ${statusBadge(entry.status)}
      <span class="nota">${when(entry.at)} · ${entry.durationMs} ms · ${entry.operation ?? 'sin operación'} · ${entry.keyPrefix}${entry.fault ? ` · falla ${entry.fault}` : ''}</span></summary>
    <p class="nota">Solicitud ${entry.requestId} · entrada ${entry.id}</p>
    <div class="intercambio">${messageBlock('Solicitud', entry.request)}${entry.status === null ? noAnswer(entry) : messageBlock('Respuesta', entry.response)}</div>
  </details></li>`;
}

/** The list a filter selects, newest first; reloaded by the filter form and after every action. */
export function requestsList(ctx: Dashboard, tenantId: string, filters: Filters): Html {
  const { data, hasMore } = ctx.services.journal.list(tenantId, { ...filters, limit: String(SHOWN) });
  const list = data.length
    ? html`<ol class="solicitudes" aria-label="Solicitudes, la más reciente primero">${data.map(entryItem)}</ol>`
    : html`<p class="vacio">${filters.status || filters.path ? 'Ninguna solicitud de este mundo cumple el filtro.' : 'Este mundo no ha hecho solicitudes con sus claves desde que serve arrancó (el diario vive en memoria: un reinicio, un reset o una restauración de todo el testbed lo vacían).'}</p>`;
  // The download goes with the list, so it takes the filter the list shows (the form's refreshes replace this block).
  const query = filterQuery(filters);
  const har = html`<p><a href="${BASE}/worlds/${seg(tenantId)}/requests.har${query}" download>Descargar HAR${query ? ' (lo filtrado)' : ''}</a></p>`;
  return html`<div id="solicitudes">${har}${list}${hasMore ? html`<p class="nota">Se muestran las ${SHOWN} más recientes; filtra para ver otras.</p>` : null}</div>`;
}

/**
 * The classes, and a status the address holds that none of them is (`?status=404`, `3xx`): the menu
 * shows the filter the list applies, and a "Filtrar" keeps it instead of dropping it unseen.
 */
const statusChoices = (current: string | undefined): string[] =>
  current && !STATUS_CLASSES.includes(current.toLowerCase()) ? [...STATUS_CLASSES, current] : STATUS_CLASSES;

function filterForm(tenantId: string, filters: Filters): Html {
  const url = `${BASE}/worlds/${seg(tenantId)}/requests`;
  const option = (value: string, label: string) => html`<option value="${value}"${(filters.status ?? '').toLowerCase() === value.toLowerCase() ? html` selected` : null}>${label}</option>`;
  return html`<form role="search" action="${url}" method="get" hx-get="${url}/list" hx-target="#solicitudes" hx-swap="outerHTML" hx-trigger="submit, mundo-cambiado from:body">
    <div class="fila">
      <label>Estado <select name="status">${option('', 'Todos')}${statusChoices(filters.status).map((s) => option(s, STATUS_LABELS[s] ?? s))}</select></label>
      <label>Ruta <input type="search" name="path" value="${filters.path ?? ''}" maxlength="2048" placeholder="/v1/vehicles/{id}" autocomplete="off"></label>
      <button type="submit" class="secundario">Filtrar</button>
    </div>
  </form>`;
}

/**
 * The list, or why the journal refuses the filter (a bookmarked `?status=9xx`, a path typed without
 * its `/`) or a journal that is off, said where the list goes, the form kept: not a page of its own
 * with only a way back, and not a red line above the list of the filter before, as if it were this one's.
 */
const listOrProblem = (ctx: Dashboard, res: Response, tenantId: string, filters: Filters): Html =>
  orInlineProblem(res, 'solicitudes', ['VALIDATION', 'CONFLICT'], () => requestsList(ctx, tenantId, filters));

/** `GET /dashboard/worlds/:world/requests`: what the world's code sent and got, like a payment provider's request logs. */
export const requestsPage = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  const filters = filtersOf(req);
  const list = listOrProblem(ctx, res, tenant.id, filters);
  const body = html`${worldSummary(ctx, tenant)}
    <section class="tarjeta" aria-labelledby="t-solicitudes"><h2 id="t-solicitudes">Solicitudes a la API</h2>
      <p class="nota">Cada solicitud hecha con una clave de este mundo, también las rechazadas. Abre una para ver sus cabeceras y cuerpos (las claves se muestran solo por su prefijo).</p>
      ${filterForm(tenant.id, filters)}${list}</section>`;
  res.type('html').send(page(`${tenant.name}: solicitudes`, body, { world: { id: tenant.id, name: tenant.name, tab: 'solicitudes' } }).value);
};

/** `GET /dashboard/worlds/:world/requests.har`: behind the dashboard's guard, which a browser passes (the control API's token it cannot send). */
export const requestsHar = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  // Made before the file's name is set: a refused filter's error page is shown, not saved as a .har.
  const har = ctx.services.journal.har(tenant.id, filtersOf(req));
  res.setHeader('Content-Disposition', harAttachment(tenant.id));
  res.json(har);
};

/**
 * `GET /dashboard/worlds/:world/requests/list?status=&path=`. The browser's address becomes the
 * page's with the filter (HX-Replace-Url), so a filtered view can be bookmarked, shared or reloaded.
 */
export const requestsPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenantId = requireWorld(ctx, req).id;
  const filters = filtersOf(req);
  const list = listOrProblem(ctx, res, tenantId, filters);
  // A refused filter is not kept in the address: the page there would show the last one that was.
  if (res.statusCode < 400) res.setHeader('HX-Replace-Url', `${BASE}/worlds/${seg(tenantId)}/requests${filterQuery(filters)}`);
  res.type('html').send(list.value);
};
