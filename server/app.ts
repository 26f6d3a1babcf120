import cors from 'cors';
import express, { type Express, type Router } from 'express';
import { keyAuthenticator } from './auth/authenticate.ts';
import { docsRoutes, openApiDocumentRoute } from './openapi/routes.ts';
import { OPERATIONS } from './openapi/operations.ts';
import type { Deps } from './deps.ts';
import { createErrorHandler, notFoundRoute } from './http/error-handler.ts';
import { rateLimiter } from './http/rate-limit.ts';
import { jsonBody } from './http/parse.ts';
import { requestLog } from './http/request-log.ts';
import { keylessOf, keylessPaths, serveOperations, V1 } from './http/v1-routes.ts';
import { createTenantStore } from './tenants/store.ts';
import { CONTROL_PREFIX, controlRouter } from './control/register.ts';
import { controlGuard, isLoopbackOrigin, localPagesOnly } from './control/guard.ts';
import { controlCorsOptions, corsOptions } from './http/cors.ts';
import { createServices, type Services } from './services.ts';
import { rememberSent, rememberSentBodies } from './journal/capture.ts';
import { tokenHider } from './journal/token-hider.ts';
import { answerJsonDirectly } from './http/json-answer.ts';
import { generationCheck, generationStamp, replacedWorldsHint } from './snapshots/generation.ts';
import { DASHBOARD_PATH, dashboardRouter } from './dashboard/routes.ts';
import { faultGate, realWait } from './faults/middleware.ts';
import { leaveWorld } from './world-snapshots/tenant-gate.ts';
import { tellWhenEnded } from './http/handler-at-work.ts';

/** Builds the API from its dependencies; never reads the environment and never listens. */
export function createApp(deps: Deps, services: Services = createServices(deps)): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // A request counts out of the gates once answered, not once its answer is sent (handler-at-work.ts).
  tellWhenEnded(app);
  // Before the key check: a browser's preflight carries no key, and errors need the header too. With
  // `*` the control API and the dashboard answered any web page: without a token the control API now
  // allows only the configured loopback origins (a local dev tool), and the dashboard none.
  if (deps.corsOrigins) {
    app.use('/v1', cors(corsOptions(deps.corsOrigins)));
    const allowed = deps.controlToken ? () => true : isLoopbackOrigin;
    app.use(CONTROL_PREFIX, cors(controlCorsOptions(deps.corsOrigins, allowed)));
  }
  // Then: a restore or reset waits for requests under way and holds new ones until it is done.
  app.use(services.gate.admit);
  app.use(requestLog(deps));
  answerJsonDirectly(app, services.journal.capture ? rememberSent : undefined);
  if (services.journal.capture) {
    rememberSentBodies(app);
    app.use(V1, services.journal.capture);
  }
  app.use(V1, v1Gate(deps, services, keylessOf(OPERATIONS)));
  serveOperations(app, OPERATIONS, services);
  openApiDocumentRoute(app);
  docsRoutes(app);
  app.use(CONTROL_PREFIX, generationStamp(services.world.generation), controlGuard(deps.controlToken ?? null), localPagesOnly(deps.controlToken ?? null), generationCheck(services.world.generation), controlRouter(deps, services), replacedWorldsHint(services.world.generation));
  app.use(DASHBOARD_PATH, dashboardRouter(deps, services));
  app.use(notFoundRoute);
  app.use(createErrorHandler(deps.logger, undefined, { platformRetryAfterS: deps.retryAfterS }));
  return app;
}

/** The methods the keyless /v1 routes answer. */
const READS = new Set(['GET', 'HEAD']);

/**
 * What every /v1 request passes before its route: the key, the rate limit, the JSON body, then the
 * world's fault rules (faults/middleware.ts). The body is parsed only
 * once the key is checked so that an anonymous caller cannot make the server read 1 MB.
 * Reads of the `keyless` paths (health, the OpenAPI document) leave the gate at once; any other
 * method there meets the key first, as unknown routes do (docs/decisions.md).
 * A Router on purpose: once through its layers it hands the request back to the app from a
 * `setImmediate`, and on Node 24 answering from there, rather than from inside the socket's read,
 * costs a third less CPU (the same gate run in sequence: 77 → 114 µs a by-id; docs/performance.md).
 */
function v1Gate(deps: Deps, { world, faults, tenantGates, journal, gate: wholeGate }: Services, keyless: readonly string[]): Router {
  const isKeyless = keylessPaths(keyless);
  const gate = express.Router();
  gate.use((req, _res, next) => (READS.has(req.method) && isKeyless(req.baseUrl + req.path) ? next('router') : next()));
  const tenants = createTenantStore(deps.db);
  const authenticate = keyAuthenticator(tenants);
  // A world being restored holds its own requests (after the key: whose world it is) and no one else's.
  gate.use(authenticate, tenantGates.admit(authenticate, journal.admitted ?? undefined), rateLimiter(deps, undefined, world.onReplaced), jsonBody);
  // Last: a world's fault rules see the request as its handler would (key, limit and body checked).
  const readmitWorld = tenantGates.readmit(authenticate);
  gate.use(faultGate(faults, {
    logger: deps.logger, hide: tokenHider(deps.controlToken ?? null), wait: deps.realWait ?? realWait,
    leaveGates: (res) => (leaveWorld(res), wholeGate.leave(res)),
    readmit: (req, res, next) => wholeGate.admit(req, res, () => readmitWorld(req, res, next)),
    holdOut: tenantGates.holdOut,
  }));
  return gate;
}
