import express, { type Request, type Response } from 'express';
import type { Deps } from '../deps.ts';
import { worldPathId } from '../common/schemas.ts';
import { mexicoCityDate } from '../lib/mexico-city.ts';
import { WorldNotFound } from '../errors.ts';
import { refuseUndecodableForm } from '../http/parse.ts';
import type { Services } from '../services.ts';
import type { TenantRow } from '../tenants/store.ts';
import { avisosRegion, done } from './components.ts';
import { html, type Html } from './html.ts';
import { orInlineProblem } from './errors.ts';

/** What every page and action of the dashboard works with: the services the control API uses. */
export interface Dashboard {
  deps: Deps;
  services: Services;
  generateRides: Services['generateRides'];
  deleteWorld: Services['worldDeletion']['one'];
}

export const createDashboard = (deps: Deps, services: Services): Dashboard => ({
  deps,
  services,
  generateRides: services.generateWorldRides,
  deleteWorld: services.worldDeletion.one,
});

/**
 * htmx's event (HX-Trigger) for a world that is gone (deleted in another tab, by a test, a reset):
 * the page takes its lists away (dashboard.js), or each would ask for the world every 2 s.
 */
export const WORLD_GONE_EVENT = 'mundo-borrado';

/** The world named by the path's `:world`; an id that is not a UUID names none (404, as in the API). */
export function requireWorld(ctx: Dashboard, req: Request): TenantRow {
  const id = worldPathId(req.params.world);
  const tenant = ctx.services.tenants.store.getTenant(id);
  if (!tenant) throw new WorldNotFound(id, '', { 'HX-Trigger': WORLD_GONE_EVENT });
  return tenant;
}

/** Query fields left blank in a filter form mean "no filter", not "equal to the empty text". */
export function filled(query: Request['query'], name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * `GET` of a world's list searched by one query field. A value the API refuses is said in place of
 * the list (its element `listId`): above a list of the search before, it read as that one's answer.
 */
export const searchPartial = (ctx: Dashboard, field: string, listId: string, render: (ctx: Dashboard, tenantId: string, value?: string) => Html) =>
  (req: Request, res: Response): void => {
    const tenantId = requireWorld(ctx, req).id;
    const list = orInlineProblem(res, listId, ['VALIDATION', 'INVALID_PHONE'], () => render(ctx, tenantId, filled(req.query, field)));
    res.type('html').send(list.value);
  };

/** A world's simulated now, as the control API's clock answers it. */
export const worldNow = (ctx: Dashboard, tenantId: string): string => ctx.deps.clocks.forTenant(tenantId).now().toISOString();

/** A world's today, its Mexico City day. */
export const worldToday = (ctx: Dashboard, tenantId: string): string => mexicoCityDate(ctx.deps.clocks.forTenant(tenantId).nowMs());

/** Forms arrive URL-encoded (htmx's default), small, one value per name, in UTF-8. */
export const formBody = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50, verify: refuseUndecodableForm });

/**
 * A form's fields as the JSON body the control API would get: blank fields are left out, so an
 * optional one is absent rather than an empty string, and the API's own schemas judge the rest.
 */
export function formFields(req: Request): Record<string, string> {
  const fields: Record<string, string> = {};
  const body = (req.body ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(body)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') fields[name] = first.trim();
  }
  return fields;
}

/**
 * An action's answer: what it did, in #resultado; the error region emptied (out of band); and an
 * event that every list of the page listens to, so they reload themselves with the new state.
 */
export function answerAction(res: Response, text: string, extra: Html | null = null): void {
  res.set('HX-Trigger', 'mundo-cambiado').type('html');
  res.send(html`${done(text, extra)}${avisosRegion(true)}`.value);
}
