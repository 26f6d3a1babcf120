import express, { Router, type Express } from 'express';
import { authenticate } from './auth/authenticate.ts';
import { healthRoutes, meRoutes } from './account/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { docsRoutes, openApiDocumentRoute } from './openapi/routes.ts';
import type { Deps } from './deps.ts';
import { createErrorHandler, notFoundRoute } from './http/error-handler.ts';
import { rateLimit } from './http/rate-limit.ts';
import { jsonBody } from './http/parse.ts';
import { requestLog } from './http/request-log.ts';
import { createTenantStore } from './tenants/store.ts';
import { vehiclesRoutes } from './vehicles/routes.ts';
import { driversRoutes } from './drivers/routes.ts';
import { assignmentsRoutes } from './assignments/routes.ts';
import { invitationsRoutes } from './invitations/routes.ts';
import { registrationsRoutes } from './registrations/routes.ts';
import { documentsRoutes } from './documents/routes.ts';
import { testbedRouter } from './testbed/routes.ts';
import { jobsRoutes } from './jobs/routes.ts';
import { ridesRoutes } from './rides/routes.ts';
import { earningsRoutes } from './earnings/routes.ts';
import { createServices, type Services } from './services.ts';

/** Builds the API from its dependencies; never reads the environment and never listens. */
export function createApp(deps: Deps, services: Services = createServices(deps)): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Ordered for the hot path: the /v1 API first, what needs no key just before it, the rest after.
  app.use(requestLog(deps));
  healthRoutes(app);
  openApiDocumentRoute(app);
  app.use('/v1', v1Router(deps, services));
  docsRoutes(app);
  app.use('/_testbed', testbedRouter(deps, services));
  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger));
  return app;
}

/**
 * Every authenticated route in one flat router: each resource adds its routes to it. A request
 * then costs one path test per route before its own, where a router per resource was entered (and
 * its routes tested) one after another: measurable on the hot path (docs/performance.md).
 */
function v1Router(deps: Deps, services: Services): Router {
  const v1 = Router();
  v1.use(authenticate(createTenantStore(deps.db)));
  v1.use(rateLimit(deps));
  // Parsed only after the key is checked: an anonymous caller cannot make the server read 1 MB.
  v1.use(jsonBody);
  vehiclesRoutes(v1, services.vehicles);
  meRoutes(v1);
  jobsRoutes(v1, services.jobs);
  catalogRoutes(v1);
  registrationsRoutes(v1, services.registrations);
  documentsRoutes(v1, services.documents);
  driversRoutes(v1, services.drivers);
  invitationsRoutes(v1, services.invitations);
  assignmentsRoutes(v1, services.assignments);
  ridesRoutes(v1, services.rides);
  earningsRoutes(v1, services.earnings);
  return v1;
}
