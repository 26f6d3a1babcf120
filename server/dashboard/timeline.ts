import { JOB_KIND, when } from './components.ts';
import type { Dashboard } from './context.ts';
import { html, type Html } from './html.ts';
import { lookups } from './lookups.ts';
import { LIST_LIMIT } from './vehicles-table.ts';

export const TIMELINE_LENGTH = 60;

export interface TimelineEvent {
  at: string;
  /** Who did it: a platform, or the API (assignments and jobs are the API's). */
  actor: 'platform_a' | 'platform_b' | 'api';
  text: string;
}


function vehicleEvents(ctx: Dashboard, tenantId: string): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const v of ctx.services.vehicles.list(tenantId, {}, LIST_LIMIT).data) {
    for (const r of v.registrations) {
      const actor = r.platform;
      if (r.registeredAt) events.push({ at: r.registeredAt, actor, text: `${r.platform} recibió el registro de ${v.plate}` });
      if (r.approvedAt) events.push({ at: r.approvedAt, actor, text: `${r.platform} aprobó ${v.plate}` });
    }
    for (const d of ctx.services.documents.list(tenantId, v.id)) {
      const text = d.status === 'submitted' ? `platform_a recibió la tarjeta de circulación de ${v.plate}` : `platform_a no aceptó el archivo de la tarjeta de ${v.plate}`;
      events.push({ at: d.submittedAt, actor: 'platform_a', text });
    }
  }
  return events;
}

function driverEvents(ctx: Dashboard, tenantId: string): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const d of ctx.services.drivers.list(tenantId, {}, LIST_LIMIT).data) {
    for (const i of d.invitations) {
      if (i.invitedAt) events.push({ at: i.invitedAt, actor: i.platform, text: `${i.platform} invitó a ${d.name}` });
      if (i.acceptedAt) events.push({ at: i.acceptedAt, actor: i.platform, text: `${d.name} aceptó la invitación en la app de ${i.platform}` });
    }
  }
  return events;
}

function apiEvents(ctx: Dashboard, tenantId: string): TimelineEvent[] {
  const { plate, driverName } = lookups(ctx, tenantId);
  const events: TimelineEvent[] = [];
  for (const a of ctx.services.assignments.list(tenantId, {}, LIST_LIMIT).data) {
    const pair = `${plate(a.vehicleId)} con ${driverName(a.driverId)}`;
    events.push({ at: a.startedAt, actor: 'api', text: `Asignación de ${pair} (platformSync ahora: ${a.platformSync})` });
    if (a.endedAt) events.push({ at: a.endedAt, actor: 'api', text: `Terminó la asignación de ${pair}` });
  }
  for (const { kind, job } of ctx.services.jobs.listRecent(tenantId, 20)) {
    if (job.completedAt) events.push({ at: job.completedAt, actor: 'api', text: `Lote de ${JOB_KIND[kind] ?? kind} en ${job.platform} ${job.status}: ${job.succeeded} bien, ${job.failed} con error` });
  }
  return events;
}

/**
 * What happened in a world, newest first. The simulated platforms keep no event log to read, so the
 * history is rebuilt from the instants the API stores (registrations, documents, invitations,
 * assignments, jobs); a change that stores no instant of its own (a rejection) does not appear.
 */
export function timelineEvents(ctx: Dashboard, tenantId: string): TimelineEvent[] {
  return [...vehicleEvents(ctx, tenantId), ...driverEvents(ctx, tenantId), ...apiEvents(ctx, tenantId)]
    .sort((x, y) => y.at.localeCompare(x.at) || x.text.localeCompare(y.text))
    .slice(0, TIMELINE_LENGTH);
}

export function timeline(ctx: Dashboard, tenantId: string): Html {
  const events = timelineEvents(ctx, tenantId);
  if (events.length === 0) return html`<p class="vacio">Todavía no pasó nada en este mundo.</p>`;
  return html`<ol class="linea-tiempo" aria-label="Historia del mundo, lo más reciente primero">
    ${events.map((e) => html`<li>${when(e.at)}<span class="plataforma-${e.actor}">${e.actor === 'api' ? 'API' : e.actor}</span><span>${e.text}</span></li>`)}
  </ol>
  <p class="nota">Reconstruida de las marcas de tiempo que guarda la API (las plataformas simuladas no publican un registro de eventos); un rechazo no guarda su instante y no aparece. Se muestran los ${TIMELINE_LENGTH} hechos más recientes.</p>`;
}
