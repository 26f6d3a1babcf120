import express, { type Express } from 'express';
import { authenticate } from './auth/authenticate.ts';
import { healthRouter, meRouter } from './account/routes.ts';
import { catalogRouter } from './catalog/routes.ts';
import type { Deps } from './deps.ts';
import { createErrorHandler, notFoundRoute } from './http/error-handler.ts';
import { rateLimit } from './http/rate-limit.ts';
import { requestId } from './http/request-id.ts';
import { requestLog } from './http/request-log.ts';
import { createTenantStore } from './tenants/store.ts';
import { vehiclesRouter } from './vehicles/routes.ts';
import { createVehicleService } from './vehicles/service.ts';
import { driversRouter } from './drivers/routes.ts';
import { createDriverService } from './drivers/service.ts';
import { assignmentsRouter } from './assignments/routes.ts';
import { createAssignmentService } from './assignments/service.ts';

/** Builds the API from its dependencies; never reads the environment and never listens. */
export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(requestLog(deps));
  app.use(express.json({ limit: '1mb' }));

  app.use('/v1', healthRouter());
  app.use('/v1', authenticate(createTenantStore(deps.db)));
  app.use('/v1', rateLimit(deps));
  app.use('/v1', meRouter());
  app.use('/v1', catalogRouter());
  app.use('/v1', vehiclesRouter(createVehicleService(deps)));
  app.use('/v1', driversRouter(createDriverService(deps)));
  app.use('/v1', assignmentsRouter(createAssignmentService(deps)));

  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger));
  return app;
}
