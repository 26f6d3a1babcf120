import type { Router } from 'express';

export const V1 = '/v1';

/** What a resource needs to add its routes: the four methods the API uses, paths relative to /v1. */
export type RouteTable = Pick<Router, 'get' | 'post' | 'patch' | 'delete'>;

/**
 * Adds each route to `router` (the app) under `V1` + its path. The /v1 routes are not in a router
 * mounted at '/v1': a mount path is cut from `req.url` on the way in and put back on the way out,
 * each change makes Express parse the URL again, and entering a router has a cost of its own, on
 * every request (docs/performance.md).
 */
export function v1RouteTable(router: Router): RouteTable {
  const table = {} as Record<keyof RouteTable, unknown>;
  for (const method of ['get', 'post', 'patch', 'delete'] as const) {
    table[method] = (path: string, ...handlers: unknown[]) => {
      (router[method] as (path: string, ...handlers: unknown[]) => Router)(V1 + path, ...handlers);
      return table;
    };
  }
  return table as RouteTable;
}

/** True for '/v1' and everything under it, not for '/v10'; case-insensitive, like Express's own routing. */
export const isV1Path = (path: string): boolean =>
  (path.length === V1.length || path[V1.length] === '/') && path.slice(0, V1.length).toLowerCase() === V1;
