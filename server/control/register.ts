import { Router, type RequestHandler } from 'express';
import type { Deps } from '../deps.ts';
import { serveDeclared } from '../http/declared-routes.ts';
import { methodNotAllowed } from '../http/error-handler.ts';
import { jsonBody, parseJsonBody, saysJson, unparsedBodyBytes } from '../http/parse.ts';
import { AppError, invalidFields, validation, WHOLE_BODY } from '../errors.ts';
import type { Services } from '../services.ts';
import type { ControlContext, ControlOperation } from './define.ts';
import { CONTROL_OPENAPI_PATH, controlDocument } from './document.ts';
import { loopbackOnly } from './guard.ts';
import { bodyFieldsOf, NoBody, queryParamsOf, unknownQueryParams } from './schemas.ts';
import { refuseUndecodableQuery } from '../http/undecodable-query.ts';
import { CONTROL_OPERATIONS } from './operations.ts';

export const CONTROL_PREFIX = '/_testbed';

/**
 * A POST or DELETE declared without a body. A DELETE's body is left unread by the JSON parser
 * (http/parse.ts), and was ignored here too: `DELETE …/faults` with `{"id": "flt_3"}` removed every
 * rule, and one with `{"bogus": 1}` on a tenant deleted it. GET bodies are never read.
 */
const takesNoBody = (op: ControlOperation) => op.body === undefined && op.method !== 'get';

/** A DELETE's unread bytes as JSON when they are JSON (`{}` passes, `{"id": …}` names its field). */
function asJson(bytes: Buffer): { json: unknown } | null {
  try {
    return { json: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return null;
  }
}

/**
 * A body sent anyway is 400 before the operation runs, and nothing changes: a JSON one naming its
 * fields, any other with bytes in it (curl's `-d` sends a form) saying the operation takes none.
 */
const refuseBody: RequestHandler = async (req, res, next) => {
  if (req.body !== undefined) return void (parseJsonBody(NoBody, req), next());
  const bytes = await unparsedBodyBytes(req, res);
  // Read as JSON only when it says it is, as a POST's body is: a form `{}` is a body of another kind.
  const json = bytes.length > 0 && req.method === 'DELETE' && saysJson(req) ? asJson(bytes) : null;
  if (json) {
    req.body = json.json;
    parseJsonBody(NoBody, req);
  } else if (bytes.length > 0) {
    const type = req.headers['content-type'];
    throw validation(`Esta operación no lleva cuerpo: quítalo (se recibió uno ${type ? `de tipo ${type}` : 'sin Content-Type'}).`, [
      { field: WHOLE_BODY, message: 'Esta operación no lleva cuerpo' },
    ]);
  }
  next();
};

/**
 * An operation whose body is optional (`bodyOptional`) runs as with `{}` when none came: no bytes,
 * whatever their type says (`curl -d ''`, an empty chunked body), as an operation that takes none
 * does. A body with bytes goes to its handler's parser as any other.
 */
const emptyAsNone: RequestHandler = async (req, res, next) => {
  if (req.body === undefined) {
    const empty = req.headers['transfer-encoding'] === undefined
      ? (req.headers['content-length'] ?? '0') === '0'
      : (await unparsedBodyBytes(req, res)).length === 0;
    if (empty) req.body = {};
  }
  next();
};

/**
 * An operation whose path, with one more segment, is an operation of the same method (`DELETE
 * …/faults` and `DELETE …/faults/{faultId}`): asked with a trailing slash, it is where a script's
 * empty variable left the id out, and Express, which takes `/faults/` for `/faults`, ran the
 * collection's operation: `DELETE …/faults/$RULE` with $RULE unset cleared every rule of the world.
 * Such a write is 404 naming the missing id; a read, and every other path, keeps its trailing slash.
 */
function refuseEmptyIdOf(op: ControlOperation, operations: readonly ControlOperation[]): RequestHandler[] {
  const oneParamBelow = (path: string) => path.startsWith(`${op.path}/{`) && path.endsWith('}') && !path.slice(op.path.length + 1).includes('/');
  const child = operations.find((o) => o.method === op.method && oneParamBelow(o.path));
  // A read with the slash reads the collection, as asked, and changes nothing.
  if (!child || op.method === 'get') return [];
  return [(req, _res, next) => {
    if (!req.path.endsWith('/')) return next();
    const called = `${req.method} ${req.baseUrl}${req.path}`;
    throw new AppError('NOT_FOUND', `La ruta ${called} no existe: termina en «/», donde iría un id (${child.path.slice(child.path.lastIndexOf('/') + 1)}: ¿una variable vacía?). `
      + `Sin la barra, ${req.method} ${req.baseUrl}${req.path.slice(0, -1)} es otra operación (${op.operationId}).`);
  }];
}

/** A query that does not decode, or a parameter the operation does not declare, is 400 (naming it and those admitted); nothing runs. */
function refuseUnknownQuery(op: ControlOperation): RequestHandler {
  const admitted = queryParamsOf(op.query);
  const bodyFields = bodyFieldsOf(op.body);
  return (req, _res, next) => {
    refuseUndecodableQuery(req);
    const unknown = unknownQueryParams(Object.keys(req.query), admitted, bodyFields);
    if (unknown.length > 0) throw invalidFields(unknown);
    next();
  };
}

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
  const handle: (op: ControlOperation) => RequestHandler = (op) => (req, res) => op.handler(req, res, context);
  const bodyCheck = (op: ControlOperation): RequestHandler[] => (takesNoBody(op) ? [refuseBody] : op.bodyOptional ? [emptyAsNone] : []);
  const handlersOf = (op: ControlOperation): RequestHandler[] => [...refuseEmptyIdOf(op, CONTROL_OPERATIONS), refuseUnknownQuery(op), ...bodyCheck(op), handle(op)];
  serveDeclared(router, CONTROL_OPERATIONS, handlersOf, CONTROL_PREFIX);
  return router;
}
