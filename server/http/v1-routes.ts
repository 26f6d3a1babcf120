import type { IRoute, Router } from 'express';

export const V1 = '/v1';

const METHODS = ['get', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** What a resource needs to add its routes: the four methods the API uses, paths relative to /v1. */
export type RouteTable = Pick<Router, Method>;

/**
 * Adds each route to `router` (the app) under `V1` + its path, one route per path whatever its
 * methods: a request is tested against each path before its own, so GET and POST /vehicles as two
 * layers cost one test more than as one. The /v1 routes are not in a router mounted at '/v1': a
 * mount path is cut from `req.url` on the way in and put back on the way out, each change makes
 * Express parse the URL again, and entering a router has a cost of its own, on every request
 * (docs/performance.md).
 */
export function v1RouteTable(router: Router): RouteTable {
  const routes = new Map<string, IRoute>();
  const table = {} as Record<Method, unknown>;
  for (const method of METHODS) {
    table[method] = (path: string, ...handlers: unknown[]) => {
      let route = routes.get(path);
      if (route === undefined) routes.set(path, (route = router.route(V1 + path)));
      (route[method] as (...handlers: unknown[]) => IRoute)(...handlers);
      return table;
    };
  }
  return table as RouteTable;
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
