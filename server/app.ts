import express, { Router, type Express } from 'express';
import { authenticate } from './auth/authenticate.ts';
import { healthRouter, meRouter } from './account/routes.ts';
import { catalogRouter } from './catalog/routes.ts';
import { openApiRouter } from './openapi/routes.ts';
import type { Deps } from './deps.ts';
import { createErrorHandler, notFoundRoute } from './http/error-handler.ts';
import { rateLimit } from './http/rate-limit.ts';
import { requestId } from './http/request-id.ts';
import { jsonBody } from './http/parse.ts';
import { requestLog } from './http/request-log.ts';
import { createTenantStore } from './tenants/store.ts';
import { vehiclesRouter } from './vehicles/routes.ts';
import { driversRouter } from './drivers/routes.ts';
import { assignmentsRouter } from './assignments/routes.ts';
import { invitationsRouter } from './invitations/routes.ts';
import { registrationsRouter } from './registrations/routes.ts';
import { documentsRouter } from './documents/routes.ts';
import { testbedRouter } from './testbed/routes.ts';
import { jobsRouter } from './jobs/routes.ts';
import { ridesRouter } from './rides/routes.ts';
import { earningsRouter } from './earnings/routes.ts';
import { createServices, type Services } from './services.ts';

/** Builds the API from its dependencies; never reads the environment and never listens. */
export function createApp(deps: Deps, services: Services = createServices(deps)): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(requestLog(deps));

  app.use('/_testbed', testbedRouter(deps, services));
  app.use('/v1', healthRouter());
  app.use(openApiRouter());
  app.use('/v1', v1Router(deps, services));
  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger));
  return app;
}

/**
 * Every authenticated route in one router: one prefix match per request instead of one per
 * resource router (measurable on the hot path, docs/performance.md).
 */
function v1Router(deps: Deps, services: Services): Router {
  const v1 = Router();
  v1.use(authenticate(createTenantStore(deps.db)));
  v1.use(rateLimit(deps));
  // Parsed only after the key is checked: an anonymous caller cannot make the server read 1 MB.
  v1.use(jsonBody);
  v1.use(meRouter());
  v1.use(jobsRouter(services.jobs));
  v1.use(catalogRouter());
  v1.use(vehiclesRouter(services.vehicles));
  v1.use(registrationsRouter(services.registrations));
  v1.use(documentsRouter(services.documents));
  v1.use(driversRouter(services.drivers));
  v1.use(invitationsRouter(services.invitations));
  v1.use(assignmentsRouter(services.assignments));
  v1.use(ridesRouter(services.rides));
  v1.use(earningsRouter(services.earnings));
  return v1;
}
