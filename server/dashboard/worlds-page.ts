import type { Request, Response } from 'express';
import type { TenantRow } from '../tenants/store.ts';
import { badge, BASE, copyable, creadoRegion, SNAPSHOT_NAME_PATTERN, SNAPSHOT_NAME_RULE, table, when } from './components.ts';
import { sizeText } from '../lib/human-text.ts';
import { filled, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { page } from './layout.ts';
import { namedWith } from '../tenants/deletion.ts';
import { fixtureFields } from './fixture-form.ts';
import { sha256 } from '../lib/sha256.ts';

/** Lists reload themselves after every action (context.ts answerAction). */
const RELOADS = 'mundo-cambiado from:body';
const WORLD_HEADERS = ['Mundo', 'Id', 'Estado', 'Hora del mundo (CDMX)', 'Claves activas', 'Contenido', 'Acciones'] as const;
const SNAPSHOT_HEADERS = ['Nombre', 'Tomada (hora real)', 'Reloj simulado', 'Tamaño', 'Acciones'] as const;

function worldRow(ctx: Dashboard, t: TenantRow): Html {
  const counts = ctx.services.tenants.store.counts(t.id);
  const prefixes = ctx.services.tenants.store.listKeys(t.id).filter((k) => k.revoked_at === null).map((k) => k.prefix);
  const confirm = `¿Borrar el mundo «${t.name}» con todos sus datos, aquí y en las plataformas?`;
  return html`<tr>
    <td class="clave" data-label="${WORLD_HEADERS[0]}"><a href="${BASE}/worlds/${seg(t.id)}">${t.name}</a></td>
    <td data-label="${WORLD_HEADERS[1]}">${copyable(t.id, `el id del mundo ${t.name}`)}</td>
    <td data-label="${WORLD_HEADERS[2]}">${badge(t.status)}</td>
    <td data-label="${WORLD_HEADERS[3]}">${when(ctx.deps.clocks.forTenant(t.id).now().toISOString())}</td>
    <td data-label="${WORLD_HEADERS[4]}">${prefixes.length ? prefixes.map((p) => html`<code>${p}</code> `) : html`<span class="nada">sin claves</span>`}</td>
    <td data-label="${WORLD_HEADERS[5]}"><span class="par">vehículos <strong>${counts.vehicles}</strong> · conductores <strong>${counts.drivers}</strong></span>
      <span class="par">asignaciones activas <strong>${counts.activeAssignments}</strong> · viajes <strong>${counts.rides}</strong></span></td>
    <td data-label="${WORLD_HEADERS[6]}"><div class="fila">
      ${t.status === 'pending' ? html`<button class="secundario" hx-post="${BASE}/worlds/${seg(t.id)}/approve" hx-target="#resultado" aria-label="Aprobar el mundo ${t.name}">Aprobar el mundo</button>` : null}
      <button class="peligro" hx-delete="${BASE}/worlds/${seg(t.id)}" hx-target="#resultado" hx-confirm="${confirm}" aria-label="Borrar el mundo ${t.name}">Borrar</button>
    </div></td>
  </tr>`;
}

/** The worlds whose name starts with `prefix` (case-sensitive, as the control API's bulk delete reads it); all without one. */
function worldsNamed(ctx: Dashboard, prefix: string | undefined): TenantRow[] {
  const all = ctx.services.tenants.store.listTenants();
  return prefix === undefined ? all : namedWith(all, prefix);
}

/**
 * Which worlds a list showed, in a few characters: the bulk delete sends it back, and deletes only
 * if the filter still selects exactly those (not merely as many: one gone and another made).
 */
export const worldsShown = (ids: string[]): string => sha256([...ids].sort().join(',')).toString('base64url').slice(0, 16);

/** Worlds left by scenario runs share a name's start: one button deletes the ones the filter shows. */
function bulkDelete(prefix: string | undefined, worlds: TenantRow[]): Html | null {
  const count = worlds.length;
  if (prefix === undefined || count === 0) return null;
  const what = `${count === 1 ? 'el mundo' : `los ${count} mundos`} cuyo nombre empieza por «${prefix}»`;
  const shown = worldsShown(worlds.map((t) => t.id));
  return html`<div class="fila"><button class="peligro" hx-delete="${BASE}/worlds?name=${encodeURIComponent(prefix)}&amp;count=${count}&amp;shown=${shown}" hx-target="#resultado"
    hx-confirm="¿Borrar ${what}, con todos sus datos, aquí y en las plataformas?">Borrar ${what}</button></div>`;
}

/** `GET /dashboard/worlds?name=`: the worlds (filtered by the start of their name), also the piece the page reloads after each action. */
export function worldsList(ctx: Dashboard, prefix?: string): Html {
  const worlds = worldsNamed(ctx, prefix);
  const rows = worlds.map((t) => worldRow(ctx, t));
  const empty = prefix === undefined ? 'No hay mundos: crea uno.' : `Ningún mundo empieza por «${prefix}».`;
  return html`<div id="mundos" hx-get="${BASE}/worlds" hx-include="#filtro-mundos" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    ${bulkDelete(prefix, worlds)}
    ${table('Cada tenant es un mundo con sus datos, sus claves y su reloj.', [...WORLD_HEADERS], rows, empty, 'tarjetas')}
  </div>`;
}

function worldsFilter(prefix: string | undefined): Html {
  return html`<form id="filtro-mundos" role="search" action="${BASE}" method="get" hx-get="${BASE}/worlds" hx-target="#mundos" hx-swap="outerHTML" hx-trigger="input changed delay:250ms, submit">
    <div class="fila"><label>El nombre empieza por <input name="name" type="search" value="${prefix ?? ''}" autocomplete="off" placeholder="escenario-"></label></div>
  </form>`;
}

/**
 * `GET /dashboard/worlds?name=`: the list, and the browser's address becomes the page's with the
 * filter (HX-Replace-Url), so the filtered view can be bookmarked, shared or reloaded.
 */
export function worldsPartial(ctx: Dashboard) {
  return (req: Request, res: Response): void => {
    const prefix = filled(req.query, 'name');
    res.setHeader('HX-Replace-Url', prefix === undefined ? BASE : `${BASE}?name=${encodeURIComponent(prefix)}`);
    res.type('html').send(worldsList(ctx, prefix).value);
  };
}

/** `GET /dashboard/snapshots`: the saved snapshots with their actions. */
export function snapshotsList(ctx: Dashboard): Html {
  const [name, taken, clock, size, actions] = SNAPSHOT_HEADERS;
  const rows = ctx.services.world.list().map((s) => html`<tr>
    <td data-label="${name}"><code>${s.name}</code></td><td data-label="${taken}">${when(s.takenAt)}</td><td data-label="${clock}">${when(s.createdAt)}</td>
    <td class="numero" data-label="${size}">${sizeText(s.sizeBytes)}</td>
    <td data-label="${actions}"><div class="fila">
      <button class="secundario" hx-post="${BASE}/snapshots/${seg(s.name)}/restore" hx-target="#resultado" hx-confirm="¿Restaurar «${s.name}»? Todo vuelve a como estaba entonces." aria-label="Restaurar la instantánea ${s.name}">Restaurar</button>
      <button class="peligro" hx-delete="${BASE}/snapshots/${seg(s.name)}" hx-target="#resultado" hx-confirm="¿Borrar la instantánea «${s.name}» de todo el testbed (y su copia en disco)? No se puede deshacer." aria-label="Borrar la instantánea ${s.name}">Borrar</button>
    </div></td></tr>`);
  return html`<div id="instantaneas" hx-get="${BASE}/snapshots" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    ${table('Instantáneas guardadas (los dos procesos completos).', [...SNAPSHOT_HEADERS], rows, 'Todavía no hay instantáneas.', 'tarjetas')}
  </div>`;
}

/**
 * The new key is answered beside the button (#creado), where the eye is, and stays until the next
 * creation. The form empties once the world is made (data-vaciar: assets/client-script.ts), so a
 * second click makes no twin and a `pending` chosen once is not kept for the next world; its button
 * is disabled while the call is under way (a big fixture takes seconds), as every action's are
 * (assets/client-script.ts), and a line says so (htmx shows an `htmx-indicator` inside the form sending).
 */
function createForm(): Html {
  return html`<form novalidate hx-post="${BASE}/worlds" hx-target="#creado" data-vaciar>
    <div class="fila">
      <label>Nombre del mundo <input name="name" required autocomplete="off"></label>
      <label>Estado <select name="status"><option value="active">active (activo)</option><option value="pending">pending (en revisión)</option></select></label>
      <button type="submit">Crear mundo</button>
      <span class="htmx-indicator">Creando el mundo… uno poblado grande tarda unos segundos.</span>
    </div>
    ${fixtureFields()}
    <p class="nota">Se crea con una clave <code>test</code> con los seis permisos; su secreto solo se muestra al crearla.</p>
  </form>
  ${creadoRegion()}`;
}

/**
 * Reset, saying how many worlds it deletes: the testbed's count (a name filter on the page aside),
 * read again whenever the page's lists are (`mundo-cambiado`), so a world made or deleted from this
 * page meanwhile is counted.
 */
function resetButton(ctx: Dashboard): Html {
  const worlds = ctx.services.tenants.store.listTenants().length;
  const gone = worlds === 0 ? 'No hay mundos que borrar' : worlds === 1 ? 'Se borra el mundo que hay' : `Se borran los ${worlds} mundos que hay`;
  return html`<div class="fila" hx-get="${BASE}/reset-button" hx-trigger="mundo-cambiado from:body" hx-swap="outerHTML">
    <button type="button" class="peligro" hx-post="${BASE}/reset" hx-target="#resultado" hx-confirm="¿Restablecer todo el testbed al estado de un directorio de datos nuevo? ${gone}, con sus datos, instantáneas de mundo, fallas y diarios; el de demostración vuelve como al principio.">Restablecer todo</button>
  </div>`;
}

/** `GET /dashboard/reset-button`: the reset button with the testbed's count now. */
export const resetButtonPartial = (ctx: Dashboard) => (_req: Request, res: Response): void => void res.type('html').send(resetButton(ctx).value);

function snapshotForm(ctx: Dashboard): Html {
  return html`<form novalidate hx-post="${BASE}/snapshots" hx-target="#resultado">
    <div class="fila">
      <label>Nombre de la instantánea (${SNAPSHOT_NAME_RULE}) <input name="name" required pattern="${SNAPSHOT_NAME_PATTERN}" title="${SNAPSHOT_NAME_RULE}" placeholder="antes-de-pagar" autocomplete="off"></label>
      <button type="submit">Guardar instantánea</button>
    </div>
  </form>
  ${resetButton(ctx)}`;
}

/**
 * `GET /dashboard?name=`: creating a world first (its key shows there, and the list growing below
 * never pushes it away), the worlds (filtered as the address says), and what acts on the whole
 * testbed (snapshots, reset).
 */
export function worldsPage(ctx: Dashboard) {
  return (req: Request, res: Response): void => {
    const prefix = filled(req.query, 'name');
    const body = html`<p class="resumen"><span>Hora del servicio (CDMX): <strong>${when(ctx.deps.clocks.service.now().toISOString())}</strong></span></p>
      <section class="tarjeta" aria-labelledby="t-crear"><h2 id="t-crear">Crear un mundo</h2>${createForm()}</section>
      <section class="tarjeta" aria-labelledby="t-mundos"><h2 id="t-mundos">Mundos</h2>${worldsFilter(prefix)}${worldsList(ctx, prefix)}</section>
      <div class="rejilla">
        <section class="tarjeta" aria-labelledby="t-inst"><h2 id="t-inst">Instantáneas y reinicio</h2>${snapshotForm(ctx)}${snapshotsList(ctx)}</section>
      </div>`;
    res.type('html').send(page('Mundos', body).value);
  };
}
