/**
 * `fleet-testbed/client`: clients of the partner API and of the control API typed from their OpenAPI
 * documents (openapi-typescript types, openapi-fetch calls). Every call answers `{data, error,
 * response}`: `data` on success, `error` (the API's envelope) otherwise; nothing throws for a 4xx.
 */
import createFetchClient, { defaultBodySerializer, type Client } from 'openapi-fetch';
import type { paths as PartnerPaths, components as PartnerComponents, operations as PartnerOperations } from './partner-api.js';
import type { paths as ControlPaths, components as ControlComponents } from './control-api.js';

export type { PartnerPaths, ControlPaths };
/** An operationId of the partner API's document (`createVehicle`): what fault rules and journal filters name. */
export type PartnerOperationId = keyof PartnerOperations & string;
/** The partner API's schemas by name, e.g. `Schemas['Vehicle']`. */
export type Schemas = PartnerComponents['schemas'];
/** The control API's schemas by name, e.g. `ControlSchemas['AnsweredInvitation']`. */
export type ControlSchemas = ControlComponents['schemas'];
export type PartnerClient = Client<PartnerPaths>;
export type ControlClient = Client<ControlPaths>;

/** An operation's JSON request body, when it takes one. */
type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/**
 * The JSON body of a partner API operation, e.g. `PartnerBody<'/v1/vehicles', 'post'>`. openapi-fetch
 * lets a field a body does not have through once the required ones are there
 * (openapi-ts/openapi-typescript#1769): `body: {…} satisfies PartnerBody<…>` makes a misspelt one a
 * compile error. (At run time the API ignores it and names it in `X-Testbed-Unknown-Fields`.)
 */
export type PartnerBody<P extends keyof PartnerPaths, M extends keyof PartnerPaths[P]> = JsonBody<PartnerPaths[P][M]>;
/** The JSON body of a control API operation, e.g. `ControlBody<'/_testbed/clock/advance', 'post'>`. */
export type ControlBody<P extends keyof ControlPaths, M extends keyof ControlPaths[P]> = JsonBody<ControlPaths[P][M]>;

export interface ClientOptions {
  /** Where the API listens, e.g. `http://127.0.0.1:3000` (no `/v1`). */
  baseUrl: string;
  /** A partner API key (`fk_test_…`), sent as `Authorization: Bearer <key>`. */
  key: string;
  /** Another fetch, e.g. one that records calls; openapi-fetch always hands it a Request. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A body holding a Blob (a document upload's `file`) goes as multipart form data, as the API expects;
 * any other body as JSON.
 */
function serializeBody(body: unknown) {
  if (body === null || typeof body !== 'object' || !Object.values(body).some((value) => value instanceof Blob)) {
    return defaultBodySerializer(body);
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (value !== undefined) form.append(name, String(value));
  }
  return form;
}

/**
 * The base URL without its trailing slashes, refused when its path ends in a prefix the paths carry
 * (`own`: every call went to `/v1/v1/…`, each a 404 that pointed away from the URL) or the other
 * API's (the control API's URL given to the partner client, or the reverse).
 */
function baseOf(client: string, own: '/v1' | '/_testbed', baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  let path: string;
  try {
    path = new URL(base).pathname;
  } catch {
    return base; // not a URL: the first call says so, in fetch's words
  }
  const prefix = /\/(v1|_testbed)$/.exec(path)?.[0];
  if (prefix === undefined) return base;
  const root = base.slice(0, -prefix.length);
  throw new Error(prefix === own
    ? `${client} necesita la URL base sin ${prefix}, que cada ruta ya lleva: ${root}`
    : `${client} necesita la URL base del testbed, sin ${prefix} (¿la URL de la otra API?): ${root}`);
}

/** The partner API (`/v1/...`) with one key. */
export function createClient(options: ClientOptions): PartnerClient {
  return createFetchClient<PartnerPaths>({
    baseUrl: baseOf('createClient', '/v1', options.baseUrl),
    headers: { Authorization: `Bearer ${options.key}` },
    bodySerializer: serializeBody,
    ...(options.fetch && { fetch: options.fetch }),
  });
}

export interface ControlClientOptions {
  baseUrl: string;
  /** FLEET_CONTROL_TOKEN, when the serve has one. */
  token?: string;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The control API (`/_testbed/...`): paths, parameters, bodies and answers are typed from its
 * document (docs/control-api.md lists the operations; fleet-testbed/testing wraps the common ones).
 */
export function createControlClient(options: ControlClientOptions): ControlClient {
  return createFetchClient<ControlPaths>({
    baseUrl: baseOf('createControlClient', '/_testbed', options.baseUrl),
    ...(options.token && { headers: { Authorization: `Bearer ${options.token}` } }),
    ...(options.fetch && { fetch: options.fetch }),
  });
}
