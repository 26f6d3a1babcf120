import type { Request, Response } from 'express';
import type { TenantRow } from '../tenants/store.ts';
import { assignmentsList, documentsList, jobsList } from './activity-tables.ts';
import { badge, BASE, copyable } from './components.ts';
import { requireWorld, type Dashboard } from './context.ts';
import { clockLine, drivePanel } from './drive-panel.ts';
import { driversList, driversSection } from './drivers-table.ts';
import { html, seg, type Html } from './html.ts';
import { page } from './layout.ts';
import { vehiclesList, vehiclesSection } from './vehicles-table.ts';
import { worldSnapshotsCard } from './world-snapshots.ts';
import { worldFaultsCard } from './world-faults.ts';

/**
 * `GET /dashboard/worlds/:world/status`: the world's status, read again after every action; a
 * pending world is approved from here too (its keys answer 403 TENANT_PENDING until then), not only
 * from the worlds list.
 */
export function worldStatus(tenant: TenantRow): Html {
  const approve = tenant.status === 'pending'
    ? html` <button class="secundario" hx-post="${BASE}/worlds/${seg(tenant.id)}/approve" hx-target="#resultado">Aprobar el mundo</button>`
    : null;
  return html`<span id="estado-mundo" hx-get="${BASE}/worlds/${seg(tenant.id)}/status" hx-trigger="mundo-cambiado from:body" hx-swap="outerHTML">Estado: ${badge(tenant.status)}${approve}</span>`;
}

export const worldStatusPartial = (ctx: Dashboard) => (req: Request, res: Response): void => {
  res.type('html').send(worldStatus(requireWorld(ctx, req)).value);
};

/**
 * Asks for the world every 5 s, showing nothing: a page with no list that polls (no fault rule, no
 * job) would otherwise not learn that the world went (another tab, a test, a reset) until an action.
 * Gone, the answer's 404 says so to the page (WORLD_GONE_EVENT), which then stops asking.
 */
const stillThere = (tenantId: string): Html =>
  html`<span hidden hx-get="${BASE}/worlds/${seg(tenantId)}/status" hx-trigger="every 5s" hx-swap="none"></span>`;

/** The line under a world's title: its id, status and own time (shared with the look page). */
export function worldSummary(ctx: Dashboard, tenant: TenantRow): Html {
  return html`<p class="resumen">
    <span>Id: ${copyable(tenant.id, `el id del mundo ${tenant.name}`)}</span>
    ${worldStatus(tenant)}${stillThere(tenant.id)}
    <span>Hora del mundo (CDMX): <strong>${clockLine(ctx, tenant.id)}</strong></span>
    <a href="" title="La página no se entera sola de lo que la API hace en el mundo: vuelve a leerla">Actualizar</a>
  </p>`;
}

/**
 * A key's secret is shown once, when it is made: one not kept (a page left with Back) is made again
 * here, answered beside the button (#clave-nueva), where the eye is, until the next one.
 */
const newKeyForm = (tenantId: string): Html => html`<form novalidate class="clave-nueva" hx-post="${BASE}/worlds/${seg(tenantId)}/keys" hx-target="#clave-nueva">
    <button type="submit" class="secundario">Nueva clave de API</button> <span class="nota">Una clave test con los seis permisos, para un mundo cuya clave no se guardó; su secreto solo se muestra al crearla.</span>
  </form>
  <div id="clave-nueva" class="resultado" role="status" aria-live="polite" data-a-la-vista></div>`;

const card = (id: string, title: string, body: Html): Html =>
  html`<section class="tarjeta" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;

/** `GET /dashboard/worlds/:world`: what the world holds, and the controls that drive it. */
export const worldPage = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  const body = html`${worldSummary(ctx, tenant)}
    ${newKeyForm(tenant.id)}
    ${drivePanel(ctx, tenant.id)}
    ${worldFaultsCard(ctx, tenant.id)}
    ${vehiclesSection(tenant.id, vehiclesList(ctx, tenant.id))}
    ${driversSection(tenant.id, driversList(ctx, tenant.id))}
    ${card('t-asignaciones', 'Asignaciones', assignmentsList(ctx, tenant.id))}
    ${card('t-lotes', 'Lotes', jobsList(ctx, tenant.id))}
    ${card('t-documentos', 'Documentos', documentsList(ctx, tenant.id))}
    ${worldSnapshotsCard(ctx, tenant.id)}`;
  res.type('html').send(page(tenant.name, body, { world: { id: tenant.id, name: tenant.name, tab: 'datos' } }).value);
};
