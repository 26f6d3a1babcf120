import { Router, type RequestHandler } from 'express';
import type { Deps } from '../deps.ts';
import { serveDeclared } from '../http/declared-routes.ts';
import { methodNotAllowed } from '../http/error-handler.ts';
import { jsonBody } from '../http/parse.ts';
import type { Services } from '../services.ts';
import type { ControlContext, ControlOperation } from './define.ts';
import { CONTROL_OPENAPI_PATH, controlDocument } from './document.ts';
import { loopbackOnly } from './guard.ts';
import { CONTROL_OPERATIONS } from './operations.ts';

export const CONTROL_PREFIX = '/_testbed';

/**
 * The testbed's control surface (contract §4), mounted at /_testbed behind controlGuard (app.ts):
 * its document, then every declared operation of every capability, each path ending with a 405
 * for the methods it does not have. What the CLI, scenarios and the testing library use to make
 * worlds, move simulated time and act as the platforms' reviewers and drivers.
 */
export function controlRouter(deps: Deps, services: Services): Router {
  const router = Router();
  router.use(loopbackOnly, jsonBody);
  router
    .route(CONTROL_OPENAPI_PATH.slice(CONTROL_PREFIX.length))
    .get((_req, res) => {
      res.json(controlDocument());
    })
    .all(methodNotAllowed(['GET']));
  const context: ControlContext = { deps, services };
  const handlersOf = (op: ControlOperation): RequestHandler[] => [(req, res) => op.handler(req, res, context)];
  serveDeclared(router, CONTROL_OPERATIONS, handlersOf, CONTROL_PREFIX);
  return router;
}
