import type { Request, Response } from 'express';
import type { Assignment } from '../assignments/view.ts';
import type { Document } from '../documents/store.ts';
import type { Job, JobResult } from '../jobs/view.ts';
import { badge, BASE, copyable, JOB_KIND, more, table, when } from './components.ts';
import { sizeText } from '../lib/human-text.ts';
import { requireWorld, type Dashboard } from './context.ts';
import { html, seg, type Html } from './html.ts';
import { lookups } from './lookups.ts';
import { LIST_LIMIT } from './vehicles-table.ts';

const JOBS_SHOWN = 20;

/** A piece of the world page that reloads itself, after every action and, while `poll`, every 2 s. */
const reloading = (id: string, url: string, body: Html, poll = false): Html =>
  html`<div id="${id}" hx-get="${url}" hx-trigger="${poll ? 'every 2s, ' : ''}mundo-cambiado from:body" hx-swap="outerHTML">${body}</div>`;

export function assignmentsList(ctx: Dashboard, tenantId: string): Html {
  const page = ctx.services.assignments.list(tenantId, {}, LIST_LIMIT);
  const { plate, driverName } = lookups(ctx, tenantId);
  const row = (a: Assignment) => html`<tr>
    <td>${copyable(a.id, 'el id de la asignación')}</td>
    <td>${plate(a.vehicleId)} ${copyable(a.vehicleId, `el id del vehículo ${plate(a.vehicleId)}`)}</td>
    <td>${driverName(a.driverId)} ${copyable(a.driverId, `el id del conductor ${driverName(a.driverId)}`)}</td>
    <td>${badge(a.status)}</td><td>${badge(a.platformSync)}</td><td>${when(a.startedAt)}</td><td>${when(a.endedAt)}</td>
  </tr>`;
  const headers = ['Id', 'Vehículo', 'Conductor', 'Estado', 'platformSync', 'Inicio', 'Fin'];
  return reloading('asignaciones', `${BASE}/worlds/${seg(tenantId)}/assignments`, html`
    ${table('Asignaciones, las más nuevas primero', headers, page.data.map(row), 'Este mundo no tiene asignaciones.')}
    ${more(page.hasMore, `Se muestran las ${LIST_LIMIT} más nuevas.`)}`);
}

/**
 * A finished job's failed items under its count, each with what failed it (the API's `results`).
 * While it runs, the count alone: the list is drawn again every 2 s, and an opened list would close.
 */
function failures(job: Job, name: (result: JobResult) => string): Html {
  const failed = job.results.filter((r) => !r.ok);
  if (failed.length === 0 || job.status === 'pending' || job.status === 'running') return html`${job.failed}`;
  return html`<details><summary>${job.failed}</summary><ul class="fallos">${failed.map((r) => html`<li>${name(r)}: ${r.message ?? 'falló'}</li>`)}</ul></details>`;
}

/** The newest jobs with their live progress, and why each failed item failed; the list polls while one of them is still open. */
export function jobsList(ctx: Dashboard, tenantId: string): Html {
  const jobs = ctx.services.jobs.listRecent(tenantId, JOBS_SHOWN);
  const open = jobs.some(({ job }) => job.status === 'pending' || job.status === 'running');
  const { plate, driverName } = lookups(ctx, tenantId);
  const name = (r: JobResult) => (r.driverId !== undefined ? driverName(r.driverId) : r.plate ?? plate(r.vehicleId!));
  const row = ({ kind, job }: (typeof jobs)[number]) => html`<tr>
    <td>${copyable(job.id, 'el id del lote')}</td><td>${JOB_KIND[kind] ?? kind}</td><td>${job.platform}</td><td>${badge(job.status)}</td>
    <td><progress class="progreso" max="${job.total}" value="${job.processed}" aria-label="Progreso del lote">${job.processed}/${job.total}</progress>
      ${job.processed}/${job.total}</td>
    <td class="numero">${job.succeeded}</td><td class="numero">${failures(job, name)}</td><td>${when(job.createdAt)}</td><td>${when(job.completedAt)}</td>
  </tr>`;
  const headers = ['Id', 'Tipo', 'Plataforma', 'Estado', 'Progreso', 'Bien', 'Con error', 'Creado', 'Terminado'];
  return reloading('lotes', `${BASE}/worlds/${seg(tenantId)}/jobs`, html`
    ${table(`Lotes, los ${JOBS_SHOWN} más nuevos${open ? ' (se actualizan solos mientras corren)' : ''}`, headers, jobs.map(row), 'Este mundo no tiene lotes.')}`, open);
}

/** Every document of the vehicles the world page lists, newest first. */
export function documentsList(ctx: Dashboard, tenantId: string): Html {
  const vehicles = ctx.services.vehicles.list(tenantId, {}, LIST_LIMIT).data;
  const documents = vehicles
    .flatMap((v) => ctx.services.documents.list(tenantId, v.id).map((d) => ({ plate: v.plate, d })))
    .sort((x, y) => y.d.submittedAt.localeCompare(x.d.submittedAt));
  const row = ({ plate, d }: { plate: string; d: Document }) => html`<tr>
    <td>${copyable(d.id, 'el id del documento')}</td><td>${plate} ${copyable(d.vehicleId, `el id del vehículo ${plate}`)}</td>
    <td>${d.type}</td><td>${badge(d.status)}</td><td class="numero">${d.sizeBytes == null ? '—' : sizeText(d.sizeBytes)}</td><td>${when(d.submittedAt)}</td>
  </tr>`;
  const headers = ['Id', 'Vehículo', 'Tipo', 'Estado', 'Tamaño', 'Enviado'];
  return reloading('documentos', `${BASE}/worlds/${seg(tenantId)}/documents`, table('Documentos enviados a platform_a', headers, documents.map(row), 'Ningún vehículo tiene documentos.'));
}

const partial = (ctx: Dashboard, render: (ctx: Dashboard, tenantId: string) => Html) => (req: Request, res: Response): void => {
  res.type('html').send(render(ctx, requireWorld(ctx, req).id).value);
};

/** `GET /dashboard/worlds/:world/{assignments,jobs,documents}`. */
export const assignmentsPartial = (ctx: Dashboard) => partial(ctx, assignmentsList);
export const jobsPartial = (ctx: Dashboard) => partial(ctx, jobsList);
export const documentsPartial = (ctx: Dashboard) => partial(ctx, documentsList);
