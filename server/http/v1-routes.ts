import type { IRoute, RequestHandler, Router } from 'express';
import { withScope } from '../auth/authenticate.ts';
import { toExpressPath, type OperationSpec } from '../openapi/registry.ts';
import type { Services } from '../services.ts';
import { methodNotAllowed } from './error-handler.ts';

export const V1 = '/v1';

/**
 * Serves every declared operation, on the app itself (the document is built from the same list:
 * openapi/document.ts). One Express route per path whatever its methods: a request is tested against
 * each path before its own, so GET and POST /vehicles as two layers cost one test more than as one.
 * No router mounted at '/v1' either: a mount path is cut from `req.url` on the way in and put back
 * on the way out, and each change makes Express parse the URL again (docs/performance.md).
 * Each route ends with a 405 for the methods its path was not declared with.
 */
export function serveOperations(app: Router, operations: readonly OperationSpec[], services: Services): void {
  const routes = new Map<string, { route: IRoute; methods: string[] }>();
  for (const op of operations) {
    const path = toExpressPath(op.path);
    let entry = routes.get(path);
    if (entry === undefined) routes.set(path, (entry = { route: app.route(path), methods: [] }));
    entry.route[op.method](handlerOf(op, services));
    entry.methods.push(op.method.toUpperCase());
  }
  for (const { route, methods } of routes.values()) route.all(methodNotAllowed(methods));
}

/** The declared handler, behind its scope check; one function, as each handler is a step of dispatch. */
function handlerOf({ scope, handler }: OperationSpec, services: Services): RequestHandler {
  const run: RequestHandler = (req, res) => handler(req, res, services);
  return scope === 'public' || scope === 'key' ? run : withScope(scope, run);
}

/** The paths a request may read without a key: those of the `public` operations (health). */
export function publicPaths(operations: readonly OperationSpec[]): string[] {
  const paths = operations.filter((op) => op.scope === 'public').map((op) => op.path.toLowerCase());
  // keylessPaths compares whole paths: a parameter would never match, and the key would be asked.
  const templated = paths.find((path) => path.includes('{'));
  if (templated) throw new Error(`una operación pública no puede tener parámetros de ruta: ${templated}`);
  return paths;
}

/** True for '/v1' and everything under it, not for '/v10'; case-insensitive, like Express's own routing. */
export const isV1Path = (path: string): boolean =>
  (path.length === V1.length || path[V1.length] === '/') && path.slice(0, V1.length).toLowerCase() === V1;

/**
 * Tells whether a path under /v1 is one of `keyless` (paths in lower case), the way Express matches
 * a route: case-insensitive, one trailing slash allowed. Only paths short enough to be one of them
 * are lowered, so the API's own paths pay one length test.
 */
export function keylessPaths(keyless: readonly string[]): (path: string) => boolean {
  const paths = new Set(keyless);
  const longest = Math.max(...keyless.map((p) => p.length)) + 1;
  return (path) => {
    if (path.length > longest) return false;
    const lower = path.toLowerCase();
    return paths.has(lower.endsWith('/') ? lower.slice(0, -1) : lower);
  };
}
