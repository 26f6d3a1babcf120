import type { Request, Response } from 'express';
import type { TenantRow } from '../tenants/store.ts';
import { badge, BASE, copyable, table, when } from './components.ts';
import { type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { page } from './layout.ts';

/** Lists reload themselves after every action (context.ts answerAction). */
const RELOADS = 'mundo-cambiado from:body';

function worldRow(ctx: Dashboard, t: TenantRow): Html {
  const counts = ctx.services.tenants.store.counts(t.id);
  const prefixes = ctx.services.tenants.store.listKeys(t.id).filter((k) => k.revoked_at === null).map((k) => k.prefix);
  const confirm = `¿Borrar el mundo «${t.name}» con todos sus datos, aquí y en las plataformas?`;
  return html`<tr>
    <td class="clave"><a href="${BASE}/worlds/${seg(t.id)}">${t.name}</a></td>
    <td>${copyable(t.id, `el id del mundo ${t.name}`)}</td>
    <td>${badge(t.status)}</td>
    <td>${when(ctx.deps.clocks.forTenant(t.id).now().toISOString())}</td>
    <td>${prefixes.length ? prefixes.map((p) => html`<code>${p}</code> `) : html`<span class="nada">sin claves</span>`}</td>
    <td><span class="par">vehículos <strong>${counts.vehicles}</strong> · conductores <strong>${counts.drivers}</strong></span>
      <span class="par">asignaciones activas <strong>${counts.activeAssignments}</strong> · viajes <strong>${counts.rides}</strong></span></td>
    <td><div class="fila">
      ${t.status === 'pending' ? html`<button class="secundario" hx-post="${BASE}/worlds/${seg(t.id)}/approve" hx-target="#resultado">Aprobar el mundo</button>` : null}
      <button class="peligro" hx-delete="${BASE}/worlds/${seg(t.id)}" hx-target="#resultado" hx-confirm="${confirm}" aria-label="Borrar el mundo ${t.name}">Borrar</button>
    </div></td>
  </tr>`;
}

/** `GET /dashboard/worlds`: the worlds table, also the piece the page reloads after each action. */
export function worldsList(ctx: Dashboard): Html {
  const rows = ctx.services.tenants.store.listTenants().map((t) => worldRow(ctx, t));
  const headers = ['Mundo', 'Id', 'Estado', 'Hora del mundo (CDMX)', 'Claves activas', 'Contenido', 'Acciones'];
  return html`<div id="mundos" hx-get="${BASE}/worlds" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    ${table('Cada tenant es un mundo con sus datos, sus claves y su reloj.', headers, rows, 'No hay mundos: crea uno.')}
  </div>`;
}

/** `GET /dashboard/snapshots`: the saved snapshots with their actions. */
export function snapshotsList(ctx: Dashboard): Html {
  const rows = ctx.services.world.list().map((s) => html`<tr>
    <td><code>${s.name}</code></td><td>${when(s.createdAt)}</td><td class="numero">${Math.ceil(s.sizeBytes / 1024)} KB</td>
    <td><div class="fila">
      <button class="secundario" hx-post="${BASE}/snapshots/${seg(s.name)}/restore" hx-target="#resultado" hx-confirm="¿Restaurar «${s.name}»? Todo vuelve a como estaba entonces.">Restaurar</button>
      <button class="peligro" hx-delete="${BASE}/snapshots/${seg(s.name)}" hx-target="#resultado" aria-label="Borrar la instantánea ${s.name}">Borrar</button>
    </div></td></tr>`);
  return html`<div id="instantaneas" hx-get="${BASE}/snapshots" hx-trigger="${RELOADS}" hx-swap="outerHTML">
    ${table('Instantáneas guardadas (los dos procesos completos).', ['Nombre', 'Tomada (hora del servicio)', 'Tamaño', 'Acciones'], rows, 'Todavía no hay instantáneas.')}
  </div>`;
}

function createForm(): Html {
  return html`<form hx-post="${BASE}/worlds" hx-target="#resultado">
    <div class="fila">
      <label>Nombre del mundo <input name="name" required maxlength="200" autocomplete="off"></label>
      <label>Estado <select name="status"><option value="active">active (activo)</option><option value="pending">pending (en revisión)</option></select></label>
      <button type="submit">Crear mundo</button>
    </div>
    <p class="nota">Se crea con una clave <code>test</code> con los seis permisos; su secreto solo se muestra al crearla.</p>
  </form>`;
}

function snapshotForm(): Html {
  return html`<form hx-post="${BASE}/snapshots" hx-target="#resultado">
    <div class="fila">
      <label>Nombre de la instantánea <input name="name" required pattern="[a-z0-9-]{1,64}" placeholder="antes-de-pagar" autocomplete="off"></label>
      <button type="submit">Guardar instantánea</button>
    </div>
  </form>
  <div class="fila">
    <button type="button" class="peligro" hx-post="${BASE}/reset" hx-target="#resultado" hx-confirm="¿Restablecer todo el testbed al estado de un directorio de datos nuevo?">Restablecer todo</button>
  </div>`;
}

/** `GET /dashboard`: the worlds, and what acts on the whole testbed (snapshots, reset). */
export function worldsPage(ctx: Dashboard) {
  return (_req: Request, res: Response): void => {
    const body = html`<p class="resumen"><span>Hora del servicio (CDMX): <strong>${when(ctx.deps.clocks.service.now().toISOString())}</strong></span></p>
      <section class="tarjeta" aria-labelledby="t-mundos"><h2 id="t-mundos">Mundos</h2>${worldsList(ctx)}</section>
      <div class="rejilla">
        <section class="tarjeta" aria-labelledby="t-crear"><h2 id="t-crear">Crear un mundo</h2>${createForm()}</section>
        <section class="tarjeta" aria-labelledby="t-inst"><h2 id="t-inst">Instantáneas y reinicio</h2>${snapshotForm()}${snapshotsList(ctx)}</section>
      </div>`;
    res.type('html').send(page('Mundos', body).value);
  };
}
