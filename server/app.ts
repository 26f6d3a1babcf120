import cors from 'cors';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { keyAuthenticator } from './auth/authenticate.ts';
import { docsRoutes, OPENAPI_PATH, openApiDocumentRoute } from './openapi/routes.ts';
import { OPERATIONS } from './openapi/operations.ts';
import type { Deps } from './deps.ts';
import { createErrorHandler, notFoundRoute } from './http/error-handler.ts';
import { rateLimiter } from './http/rate-limit.ts';
import { jsonBody } from './http/parse.ts';
import { requestLog } from './http/request-log.ts';
import { isV1Path, keylessPaths, publicPaths, serveOperations } from './http/v1-routes.ts';
import { createTenantStore } from './tenants/store.ts';
import { testbedRouter } from './testbed/routes.ts';
import { controlDocumentRoute } from './testbed/document.ts';
import { controlGuard } from './testbed/loopback-only.ts';
import { corsOptions } from './http/cors.ts';
import { createServices, type Services } from './services.ts';
import { DASHBOARD_PATH, dashboardRouter } from './dashboard/routes.ts';

/** Builds the API from its dependencies; never reads the environment and never listens. */
export function createApp(deps: Deps, services: Services = createServices(deps)): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Before the key check: a browser's preflight carries no key, and errors need the header too.
  if (deps.corsOrigins) app.use(cors(corsOptions(deps.corsOrigins)));
  // Then: a restore or reset waits for requests under way and holds new ones until it is done.
  app.use(services.gate.admit);
  // Ordered for the hot path: the /v1 API first, the rest after (each route is a test per request).
  app.use(firstLayer(requestLog(deps), v1Gate(deps, services.world, [...publicPaths(OPERATIONS), OPENAPI_PATH])));
  serveOperations(app, OPERATIONS, services);
  openApiDocumentRoute(app);
  docsRoutes(app);
  app.use('/_testbed', controlGuard(deps.controlToken ?? null), controlDocumentRoute, testbedRouter(deps, services));
  app.use(DASHBOARD_PATH, dashboardRouter(deps, services));
  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger));
  return app;
}

/**
 * What every request meets first, in one layer: its log, then the /v1 gate. Two layers cost a step
 * of Express's dispatch each, on the hot path (docs/performance.md).
 */
function firstLayer(startLog: (req: Request, res: Response) => void, gate: RequestHandler): RequestHandler {
  return (req, res, next) => {
    startLog(req, res);
    return gate(req, res, next);
  };
}

/** The methods the keyless /v1 routes answer. */
const READS = new Set(['GET', 'HEAD']);

/**
 * What every /v1 request passes before its route, in one layer (each layer costs on the hot path):
 * the key, the rate limit, then the JSON body, parsed only once the key is checked so that an
 * anonymous caller cannot make the server read 1 MB. Other paths, and reads of the `keyless` ones
 * under /v1 (health, the OpenAPI document), go past it untouched.
 */
function v1Gate(deps: Deps, world: Services['world'], keyless: readonly string[]): RequestHandler {
  const authenticate = keyAuthenticator(createTenantStore(deps.db));
  const limit = rateLimiter(deps, undefined, world.onReplaced);
  const isKeyless = keylessPaths(keyless);
  return (req, res, next) => {
    const path = req.path;
    // Only reads pass keyless: any other method there is a 405, and under /v1 the key comes first
    // for those (docs/decisions.md). The path test comes first, off the hot path.
    if (!isV1Path(path) || (isKeyless(path) && READS.has(req.method))) return next();
    authenticate(req);
    limit?.(req, res);
    jsonBody(req, res, next);
  };
}
