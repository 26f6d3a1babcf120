import express, { type Express } from 'express';
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
  app.use('/v1', authenticate(createTenantStore(deps.db)));
  app.use('/v1', rateLimit(deps));
  // Parsed only after the key is checked: an anonymous caller cannot make the server read 1 MB.
  app.use('/v1', jsonBody);
  app.use('/v1', meRouter());
  app.use('/v1', jobsRouter(services.jobs));
  app.use('/v1', catalogRouter());
  app.use('/v1', vehiclesRouter(services.vehicles));
  app.use('/v1', registrationsRouter(services.registrations));
  app.use('/v1', documentsRouter(services.documents));
  app.use('/v1', driversRouter(services.drivers));
  app.use('/v1', invitationsRouter(services.invitations));
  app.use('/v1', assignmentsRouter(services.assignments));
  app.use('/v1', ridesRouter(services.rides));
  app.use('/v1', earningsRouter(services.earnings));

  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger));
  return app;
}
