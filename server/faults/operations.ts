import { validation } from '../errors.ts';
import { similarNames } from '../lib/similar-names.ts';
import type { OperationSpec } from '../openapi/registry.ts';
import { keylessOf, keylessPaths } from '../http/v1-routes.ts';
import type { RequestOperation } from './request-operation.ts';

export type { RequestOperation };

interface Compiled extends RequestOperation {
  method: string;
  pattern: RegExp;
  params: number;
}

/** A segment as its characters: `%C3%B1`, `%c3%b1` and `ñ` alike (a malformed escape stays as written). */
function decoded(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    // An escaped slash stays one: Express routes `a%2Fb` as one segment, not as `a/b`.
    return decodeURIComponent(segment).replaceAll('/', '%2f');
  } catch {
    return segment;
  }
}

/**
 * Express's view of a concrete path: any case, one trailing slash, each segment by its characters (a
 * request arrives percent-encoded, a rule or a filter may name the characters themselves).
 */
const routed = (path: string) => {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (trimmed.includes('%') ? trimmed.split('/').map(decoded).join('/') : trimmed).toLowerCase();
};

/** Two concrete paths Express routes alike. */
export const samePath = (a: string, b: string) => routed(a) === routed(b);

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** `/v1/vehicles/{id}` → a pattern matching `/v1/vehicles/<one segment>`, as Express routes it. */
function compile(op: OperationSpec): Compiled {
  const source = op.path.split(/\{[^}]+\}/).map(escape).join('[^/]+');
  return {
    method: op.method.toUpperCase(),
    operationId: op.operationId,
    template: op.path,
    pattern: new RegExp(`^${source}/?$`, 'i'),
    params: (op.path.match(/\{/g) ?? []).length,
  };
}

/** What a journal filter's path may be; a rule's concrete path must also be one of a route (ROUTE_DETAIL). */
const PATH_DETAIL = 'Una plantilla del documento como /v1/vehicles/{id}, o una ruta concreta';
const ROUTE_DETAIL = 'Una plantilla como /v1/vehicles/{id}, o una ruta concreta de una de ellas';
const notARoute = (path: string, detail = PATH_DETAIL) => validation(`path «${path}» no es una ruta del documento (/v1/openapi.json).`, [
  { field: 'path', message: detail },
]);

/** A rule or filter that names only reads answered without a key: none of them is a world's request. */
const keyless = (message: string, field: 'operation' | 'path') => validation(message, [{ field, message: 'Se lee sin clave: no pertenece a ningún mundo' }]);

/**
 * The document's operations, to name a request by its operation before any route has matched it
 * (the fault rules are checked before the handler). Fewer parameters first: a literal segment wins
 * over a parameter where both would match. What it accepts as a rule's or a journal filter's target
 * is what a world's request can be: not an operation or path read without a key (health, the document).
 */
export function createOperationCatalog(operations: readonly OperationSpec[]) {
  const compiled = operations.map(compile).sort((a, b) => a.params - b.params);
  const ids = new Set(operations.map((op) => op.operationId));
  const publicIds = new Set(operations.filter((op) => op.scope === 'public').map((op) => op.operationId));
  const templates = new Map(operations.map((op) => [op.path.toLowerCase(), op.path]));

  /**
   * A template as the document spells it when `path` is one written otherwise: any case, braces
   * percent-encoded (`%7Bid%7D`, as the journal's docs tell curl users to write them in a query) or
   * a trailing slash (as Express routes it). Written so, a rule was a concrete path no request has.
   * Any other path is kept as given: a concrete one is matched by its characters either way.
   */
  function spelling(path: string): string {
    const braced = path.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
    if (!braced.includes('{')) return path;
    const trimmed = braced.length > 1 && braced.endsWith('/') ? braced.slice(0, -1) : braced;
    return templates.get(trimmed.toLowerCase()) ?? path;
  }
  const isKeyless = keylessPaths(keylessOf(operations));
  /**
   * 400 VALIDATION on `path` when it is a template (`{…}`) the document has not, or carries a query
   * or fragment (a request is matched by its path alone). A concrete path selects itself, a route
   * or not: the journal keeps requests to paths no route has (404s), and finds them so.
   */
  function requirePath(given: string): void {
    const path = spelling(given);
    if (/[?#]/.test(path)) {
      throw validation(`path «${path}» lleva consulta o fragmento: una petición se elige por su ruta sola (${path.split(/[?#]/)[0]}).`, [
        { field: 'path', message: 'Solo la ruta, sin ?… ni #…' },
      ]);
    }
    if (!path.includes('{') || templates.has(path.toLowerCase())) return;
    throw notARoute(path);
  }

  /** 400 VALIDATION on `operation` unless it is an operationId of the document that takes a key. */
  function requireOperation(operationId: string): void {
    if (publicIds.has(operationId)) {
      throw keyless(`operation «${operationId}» se lee sin clave de API: sus peticiones no son de ningún mundo, y ni sus reglas de falla ni su diario las ven.`, 'operation');
    }
    if (ids.has(operationId)) return;
    const meant = similarNames(operationId, [...ids].filter((id) => !publicIds.has(id)));
    const hint = meant.length > 0 ? ` ¿Quisiste decir ${meant.join(' o ')}?` : ' Cada operación del documento lleva el suyo (paths → método → operationId).';
    throw validation(`operation «${operationId}» no es un operationId de /v1/openapi.json.${hint}`, [
      { field: 'operation', message: 'Debe ser un operationId del documento, p. ej. createVehicle' },
    ]);
  }

  /** The operations a template or a concrete path names (a concrete one as Express routes it). */
  function routesOf(given: string): Compiled[] {
    const path = spelling(given);
    // Each segment by its characters, its trailing slash kept: the pattern allows one, as Express does.
    const segments = path.split('/').map(decoded).join('/');
    return path.includes('{')
      ? compiled.filter((op) => op.template.toLowerCase() === path.toLowerCase())
      : compiled.filter((op) => op.pattern.test(segments));
  }

  return {
    has: (operationId: string) => ids.has(operationId),
    /**
     * What a world's journal can hold of a path: `keyless` for the reads answered without a key
     * (health, the document: never a world's), else the methods of the routes it names (none for a
     * path no route has, whose 404s the journal keeps all the same).
     */
    journaledMethods(path: string): 'keyless' | string[] {
      return isKeyless(path) ? 'keyless' : [...new Set(routesOf(path).map((op) => op.method))];
    },
    isTemplate: (path: string) => templates.has(path.toLowerCase()),
    spelling,
    requireOperation,
    requirePath,
    /**
     * What a journal filter selects by path (the control API, a scenario's `expectRequests`): one
     * `requirePath` takes, and not health's or the document's reads (`method` GET or HEAD, or none
     * given), which no journal holds: a filter on them found nothing, always, and said nothing, where
     * `operation: getHealth` was refused.
     */
    requireJournaledPath(path: string, method?: string): void {
      requirePath(path);
      if (isKeyless(path) && (method === undefined || method === 'GET' || method === 'HEAD')) {
        throw keyless(`path «${path}» se lee sin clave de API: sus peticiones no son de ningún mundo, y ningún diario las guarda.`, 'path');
      }
    },
    /**
     * What a fault rule selects, as the control API and a scenario's `fault` step check it: its
     * operation, or its path, which must be one of a route (a rule on `/v1/vehicle`, a typo, would
     * never fault the request its test meant, and nothing would say so), with a method it has when a
     * method is named, and not health's or the document's reads, answered without a key. A field
     * left undefined is not checked; `method: null`, not known yet (a scenario's template), leaves
     * the method's checks to the step's run.
     */
    requireRuleTargets({ operation, method, path: given }: { operation?: string; method?: string | null; path?: string }): void {
      if (operation !== undefined) requireOperation(operation);
      if (given === undefined) return;
      const path = spelling(given);
      requirePath(path);
      if (isKeyless(path)) {
        if (method === undefined || method === 'GET') {
          throw keyless(`${path} se lee sin clave de API: sus peticiones no son de ningún mundo y ninguna regla de falla las ve.`, 'path');
        }
        if (method === null) return;
        throw validation(`${method} ${path} no es una operación del documento (/v1/openapi.json): esa ruta admite GET, que se lee sin clave de API.`, [
          { field: 'method', message: 'Esa ruta solo se lee (GET), sin clave' },
        ]);
      }
      const routes = routesOf(path);
      if (routes.length === 0) throw notARoute(path, ROUTE_DETAIL);
      // A method the path has not (DELETE /v1/vehicles) would fault only requests answered 405: a
      // method mistyped in a test (PUT for PATCH) left it passing unfaulted, and nothing said so.
      if (typeof method === 'string' && !routes.some((op) => op.method === method)) {
        const has = [...new Set(routes.map((op) => op.method))].join(', ');
        throw validation(`${method} ${path} no es una operación del documento (/v1/openapi.json): esa ruta admite ${has}.`, [
          { field: 'method', message: `Uno de los métodos de la ruta: ${has}` },
        ]);
      }
    },
    /**
     * The template of the route a request belongs to: the operation it reached (`of`), else, for a
     * method the route has not (a 405), the route its path names whatever the method (a literal
     * segment winning over a parameter, as Express routes it); null for a path no route has. So a
     * rule or filter by template selects a 405 as one by the concrete path does.
     */
    templateOf: (path: string, reached: RequestOperation | null): string | null =>
      reached?.template ?? compiled.find((op) => op.pattern.test(path))?.template ?? null,
    /** The operation a request would reach, or null for a path or method the document has not. */
    of(method: string, path: string): RequestOperation | null {
      const verb = method === 'HEAD' ? 'GET' : method;
      const found = compiled.find((op) => op.method === verb && op.pattern.test(path));
      return found ? { operationId: found.operationId, template: found.template } : null;
    },
  };
}

export type OperationCatalog = ReturnType<typeof createOperationCatalog>;
