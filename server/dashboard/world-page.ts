import type { Request, Response } from 'express';
import type { TenantRow } from '../tenants/store.ts';
import { assignmentsList, documentsList, jobsList } from './activity-tables.ts';
import { badge, copyable } from './components.ts';
import { requireWorld, type Dashboard } from './context.ts';
import { clockLine, drivePanel } from './drive-panel.ts';
import { driversList, driversSection } from './drivers-table.ts';
import { html, type Html } from './html.ts';
import { page } from './layout.ts';
import { vehiclesList, vehiclesSection } from './vehicles-table.ts';
import { worldSnapshotsCard } from './world-snapshots.ts';
import { worldFaultsCard } from './world-faults.ts';

/** The line under a world's title: its id, status and own time (shared with the look page). */
export function worldSummary(ctx: Dashboard, tenant: TenantRow): Html {
  return html`<p class="resumen">
    <span>Id: ${copyable(tenant.id, `el id del mundo ${tenant.name}`)}</span>
    <span>Estado: ${badge(tenant.status)}</span>
    <span>Hora del mundo (CDMX): <strong>${clockLine(ctx, tenant.id)}</strong></span>
  </p>`;
}

const card = (id: string, title: string, body: Html): Html =>
  html`<section class="tarjeta" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;

/** `GET /dashboard/worlds/:world`: what the world holds, and the controls that drive it. */
export const worldPage = (ctx: Dashboard) => (req: Request, res: Response): void => {
  const tenant = requireWorld(ctx, req);
  const body = html`${worldSummary(ctx, tenant)}
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
