import { counted } from '../http/handler-at-work.ts';
import { Router, type RequestHandler } from 'express';
import type { Deps } from '../deps.ts';
import type { Services } from '../services.ts';
import { assignmentsPartial, documentsPartial, jobsPartial } from './activity-tables.ts';
import { serveAsset } from './assets/index.ts';
import { createDashboard, formBody } from './context.ts';
import { coveragePartial } from './coverage-panel.ts';
import { driveActions } from './drive-actions.ts';
import { clockPartial, faultsPartial, pendingPartial } from './drive-panel.ts';
import { driversPartial } from './drivers-table.ts';
import { dashboardErrors, pageNotFound } from './errors.ts';
import { dashboardGuard, sameOriginActions } from './guard.ts';
import { notFramed } from '../http/not-framed.ts';
import { chartsPartial, lookPage, timelinePartial } from './look-page.ts';
import { requestsHar, requestsPage, requestsPartial } from './requests-page.ts';
import { vehiclesPartial } from './vehicles-table.ts';
import { worldPage, worldStatusPartial } from './world-page.ts';
import { worldFaultsActions } from './world-faults.ts';
import { worldPlatformFaultsActions } from './world-platform-faults.ts';
import { worldsActions } from './worlds-actions.ts';
import { worldSnapshotsActions } from './world-snapshots.ts';
import { resetButtonPartial, snapshotsList, worldsPage, worldsPartial } from './worlds-page.ts';

export { BASE as DASHBOARD_PATH } from './components.ts';

type Route = ['get' | 'post' | 'delete', string, RequestHandler];

/**
 * The QA dashboard (docs/dashboard.md): server-rendered pages and the pieces htmx reloads, every
 * one of them behind the control API's guard, reading and acting through the same services.
 * Mounted once, at /dashboard (server/app.ts); every route of it is declared in this list.
 */
/**
 * A write whose path, with one more `:param` segment, is a route of the same method (`DELETE
 * …/faults` and `…/faults/:fault`): asked with a trailing slash, the param was left empty, and
 * Express, which takes `/faults/` for `/faults`, cleared every rule. Such a call is the page not found.
 */
function emptyIdRefused(method: Route[0], path: string, routes: readonly Route[]): RequestHandler[] {
  const below = (other: string) => other.startsWith(`${path}/:`) && !other.slice(path.length + 1).includes('/');
  if (method === 'get' || !routes.some(([m, p]) => m === method && below(p))) return [];
  return [(req, _res, next) => (req.path.endsWith('/') ? pageNotFound(req) : next())];
}

export function dashboardRouter(deps: Deps, services: Services): Router {
  const ctx = createDashboard(deps, services);
  const worlds = worldsActions(ctx);
  const drive = driveActions(ctx);
  const worldSnapshots = worldSnapshotsActions(ctx);
  const worldFaults = worldFaultsActions(ctx);
  const worldPlatformFaults = worldPlatformFaultsActions(ctx);
  const world = '/worlds/:world';
  const routes: Route[] = [
    ['get', '/assets/:name', serveAsset],
    ['get', '/', worldsPage(ctx)],
    ['get', '/worlds', worldsPartial(ctx)],
    ['get', '/reset-button', resetButtonPartial(ctx)],
    ['get', '/snapshots', (_req, res) => void res.type('html').send(snapshotsList(ctx).value)],
    ['post', '/worlds', worlds.create],
    ['post', `${world}/approve`, worlds.approve],
    ['post', `${world}/keys`, worlds.newKey],
    ['delete', world, worlds.remove],
    ['delete', '/worlds', worlds.removeNamed],
    ['post', '/reset', worlds.reset],
    ['post', '/snapshots', worlds.saveSnapshot],
    ['post', '/snapshots/:name/restore', worlds.restoreSnapshot],
    ['delete', '/snapshots/:name', worlds.removeSnapshot],
    ['get', world, worldPage(ctx)],
    ['get', `${world}/clock`, clockPartial(ctx)],
    ['get', `${world}/status`, worldStatusPartial(ctx)],
    ['get', `${world}/pending`, pendingPartial(ctx)],
    ['get', `${world}/vehicles`, vehiclesPartial(ctx)],
    ['get', `${world}/drivers`, driversPartial(ctx)],
    ['get', `${world}/assignments`, assignmentsPartial(ctx)],
    ['get', `${world}/jobs`, jobsPartial(ctx)],
    ['get', `${world}/documents`, documentsPartial(ctx)],
    ['get', `${world}/look`, lookPage(ctx)],
    ['get', `${world}/charts`, chartsPartial(ctx)],
    ['get', `${world}/timeline`, timelinePartial(ctx)],
    ['get', `${world}/coverage`, coveragePartial(ctx)],
    ['get', `${world}/requests`, requestsPage(ctx)],
    ['get', `${world}/requests/list`, requestsPartial(ctx)],
    ['get', `${world}/requests.har`, requestsHar(ctx)],
    ['post', `${world}/clock/advance`, drive.advance],
    ['post', `${world}/vehicles/:vehicle/review`, drive.review],
    ['post', `${world}/drivers/:driver/accept`, drive.answer('accept')],
    ['post', `${world}/drivers/:driver/decline`, drive.answer('decline')],
    ['post', `${world}/rides/generate`, drive.generate],
    ['get', `${world}/snapshots`, worldSnapshots.list],
    ['post', `${world}/snapshots`, worldSnapshots.save],
    ['post', `${world}/snapshots/:name/restore`, worldSnapshots.restore],
    ['delete', `${world}/snapshots/:name`, worldSnapshots.remove],
    ['get', `${world}/faults`, worldFaults.partial],
    ['post', `${world}/faults`, worldFaults.add],
    ['delete', `${world}/faults/:fault`, worldFaults.remove],
    ['delete', `${world}/faults`, worldFaults.clear],
    ['get', `${world}/platform-faults`, worldPlatformFaults.partial],
    ['post', `${world}/platform-faults`, worldPlatformFaults.set],
    ['delete', `${world}/platform-faults/:platform`, worldPlatformFaults.clear],
    ['get', '/faults', faultsPartial(ctx)],
    ['post', '/faults', drive.fault],
  ];

  const router = Router();
  router.use(notFramed, dashboardGuard(deps.controlToken ?? null), sameOriginActions, formBody);
  for (const [method, path, handler] of routes) router[method](path, ...emptyIdRefused(method, path, routes), counted(handler));
  router.use(pageNotFound);
  router.use(dashboardErrors(deps.logger));
  return router;
}
