import type { IRoute, RequestHandler, Router } from 'express';
import { toExpressPath, type HttpMethod } from '../openapi/registry.ts';
import { methodNotAllowed } from './error-handler.ts';
import { counted } from './handler-at-work.ts';

/**
 * Serves declared operations (the partner API's and the control API's alike): one Express route
 * per path, with the handlers of each declared method, ending with a 405 for the methods its path
 * was not declared with. `prefix` is what the router's mount point already matched (`/_testbed`).
 */
export function serveDeclared<Op extends { method: HttpMethod; path: string }>(
  router: Router,
  operations: readonly Op[],
  handlersOf: (op: Op) => RequestHandler[],
  prefix = '',
): void {
  const routes = new Map<string, { route: IRoute; methods: string[] }>();
  for (const op of operations) {
    if (!op.path.startsWith(prefix)) throw new Error(`la ruta ${op.path} no está bajo ${prefix}`);
    const path = toExpressPath(op.path.slice(prefix.length));
    let entry = routes.get(path);
    if (entry === undefined) routes.set(path, (entry = { route: router.route(path), methods: [] }));
    // The operation's own handler (the last) is counted at work: the gates wait for it (handler-at-work.ts).
    const handlers = handlersOf(op);
    entry.route[op.method](...handlers.slice(0, -1), counted(handlers[handlers.length - 1]));
    entry.methods.push(op.method.toUpperCase());
  }
  for (const { route, methods } of routes.values()) route.all(methodNotAllowed(methods));
}
