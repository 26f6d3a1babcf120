import type { RequestHandler, Router } from 'express';
import { requireScope } from '../auth/authenticate.ts';
import type { OperationSpec } from '../openapi/registry.ts';
import type { Services } from '../services.ts';
import { serveDeclared } from './declared-routes.ts';
import { unknownQueryFlag } from './unknown-query.ts';
import { unknownFieldsFlag } from './unknown-fields.ts';
import { repeatedQueryRefusal } from './repeated-query.ts';
import { refuseUndecodableQuery } from './undecodable-query.ts';
import { queryParamsOf } from '../control/schemas.ts';

export const V1 = '/v1';
/** The partner API's OpenAPI document, read without a key. */
export const OPENAPI_PATH = '/v1/openapi.json';

/**
 * Serves every declared operation at its full path (the document is built from the same list:
 * openapi/document.ts), with a 405 for the methods a path was not declared with.
 */
export function serveOperations(app: Router, operations: readonly OperationSpec[], services: Services): void {
  serveDeclared(app, operations, (op) => handlersOf(op, services));
}

/** The declared handler, behind its scope check when it names a scope. */
function handlersOf({ scope, handler, query, body }: OperationSpec, services: Services): RequestHandler[] {
  const flagUnknownQuery = unknownQueryFlag(query);
  const flagUnknownFields = unknownFieldsFlag(body);
  const refuseRepeated = repeatedQueryRefusal(query);
  const declared = new Set(queryParamsOf(query));
  const run: RequestHandler = (req, res) => {
    refuseUndecodableQuery(req, declared);
    refuseRepeated(req);
    flagUnknownQuery(req, res);
    flagUnknownFields(req, res);
    return handler(req, res, services);
  };
  return scope === 'public' || scope === 'key' ? [run] : [requireScope(scope), run];
}

/** The paths a request may read without a key: those of the `public` operations (health). */
export function publicPaths(operations: readonly OperationSpec[]): string[] {
  const paths = operations.filter((op) => op.scope === 'public').map((op) => op.path.toLowerCase());
  // keylessPaths compares whole paths: a parameter would never match, and the key would be asked.
  const templated = paths.find((path) => path.includes('{'));
  if (templated) throw new Error(`una operación pública no puede tener parámetros de ruta: ${templated}`);
  return paths;
}

/** Every path read without a key: the public operations' and the document's. No world's request is ever one. */
export const keylessOf = (operations: readonly OperationSpec[]): string[] => [...publicPaths(operations), OPENAPI_PATH.toLowerCase()];

/**
 * Tells whether a path under /v1 is one of `keyless` (paths in lower case), the way Express matches
 * a route: case-insensitive, one trailing slash allowed.
 */
export function keylessPaths(keyless: readonly string[]): (path: string) => boolean {
  const paths = new Set(keyless);
  return (path) => {
    const lower = path.toLowerCase();
    return paths.has(lower.endsWith('/') ? lower.slice(0, -1) : lower);
  };
}
