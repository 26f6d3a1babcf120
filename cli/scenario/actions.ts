import { parseDuration } from '../../server/lib/clock.ts';
import { buildForm, ConnectionClosed, send, StepError, type Exchange, type SendInit } from './http.ts';
import { expectRequests } from './expect-requests.ts';
import { ACTIONS, REQUEST_TIMEOUT, type ActionName, type RequestSpec, type Step } from './schema.ts';
import { addFault } from './fault-step.ts';
import { worldSnapshot } from './snapshot-step.ts';
import { clearOfWorld, worldOf } from './worlds.ts';

export interface ActionContext {
  baseUrl: string;
  /** Key alias → full secret. */
  secrets: Map<string, string>;
  defaultKey: string;
  /** Tenant alias → id, for generateRides. */
  tenantIds: Map<string, string>;
  /** FLEET_CONTROL_TOKEN as a bearer when set; kept out of the transcript. */
  controlHeaders: Record<string, string>;
}

const JOB_ENDED = new Set(['completed', 'failed']);
const JOB_POLL_MS = 25;
const DEFAULT_JOB_TIMEOUT = '30s';

export const actionOf = (step: Step): ActionName =>
  ACTIONS.find(
    (name) => step[name] !== undefined,
  )!;

async function apiRequest(spec: RequestSpec, ctx: ActionContext): Promise<Exchange> {
  const keyAlias = spec.key === undefined ? ctx.defaultKey : spec.key;
  const headers: Record<string, string> = { ...spec.headers };
  if (spec.authorization !== undefined) headers.authorization = spec.authorization;
  else if (keyAlias !== null) headers.authorization = `Bearer ${ctx.secrets.get(keyAlias) ?? missingKey(keyAlias)}`;
  // The transcript names the key, never its secret (random per run, and a secret).
  const request: Exchange['request'] =
    spec.authorization === undefined
      ? { method: spec.method, path: spec.path, key: keyAlias }
      : { method: spec.method, path: spec.path, authorization: spec.authorization };
  if (spec.headers) request.headers = spec.headers;
  let body: { form: NonNullable<SendInit['form']> } | { json: unknown };
  if (spec.multipart) {
    const { form, shown } = buildForm(spec.multipart);
    request.multipart = shown;
    body = { form };
  } else {
    if (spec.body !== undefined) request.body = spec.body;
    body = { json: spec.body };
  }
  try {
    const timeoutMs = parseDuration(spec.timeout ?? REQUEST_TIMEOUT)!;
    return { request, response: await send(ctx.baseUrl + spec.path, { method: spec.method, headers, ...body, timeoutMs }) };
  } catch (err) {
    if (!(err instanceof ConnectionClosed)) throw err;
    // No answer: the step's expectations judge it (`status: null` expects it), and say the cut otherwise.
    return { request, response: { status: null, body: null, headers: {} }, closed: err.message };
  }
}

function missingKey(alias: string): never {
  throw new StepError(`la clave ${alias} no está declarada en tenants[].keys`);
}

/** A call to the loopback control surface `/_testbed`, shown in the transcript like any request. */
async function control(ctx: ActionContext, path: string, body?: unknown): Promise<Exchange> {
  const request = { method: 'POST', path: `/_testbed${path}`, ...(body === undefined ? {} : { body }) };
  return { request, response: await send(ctx.baseUrl + request.path, { method: 'POST', headers: ctx.controlHeaders, json: body }) };
}

type NotSynced = { tenant: string | null }[];
const notSyncedOf = (response: Exchange['response']): NotSynced | null => {
  const listed = (response.body as { notSynced?: unknown } | null)?.notSynced;
  return Array.isArray(listed) ? (listed as NotSynced) : null;
};
/** The answer with its `notSynced` replaced; an older serve's answer, without one, as it is. */
const withNotSynced = (response: Exchange['response'], notSynced: NotSynced): Exchange['response'] =>
  notSyncedOf(response) === null ? response : { ...response, body: { ...(response.body as object), notSynced } };

/**
 * A call on each of the named worlds, one after the other: the last world's answer, with what every
 * one of them could not read (`notSynced`); undefined when no world is named.
 */
async function onEachWorld(ctx: ActionContext, aliases: string[], call: (tenantId: string) => Promise<Exchange>): Promise<Exchange['response'] | undefined> {
  let response: Exchange['response'] | undefined;
  const notSynced: NotSynced = [];
  for (const alias of aliases) {
    response = (await call(worldOf(ctx.tenantIds, alias).id)).response;
    notSynced.push(...(notSyncedOf(response) ?? []));
  }
  return response && withNotSynced(response, notSynced);
}

/**
 * A scenario's clock steps move its own worlds only (contract §4): each of its tenants, or the one
 * named. The transcript shows one request naming the worlds moved, and the last world's answer with
 * what every one of them could not read (`notSynced`).
 */
async function advanceWorlds(ctx: ActionContext, spec: NonNullable<Step['advanceClock']>): Promise<Exchange> {
  const { duration, tenant } = typeof spec === 'string' ? { duration: spec, tenant: undefined } : spec;
  const aliases = tenant === undefined ? [...ctx.tenantIds.keys()] : [tenant];
  const response = await onEachWorld(ctx, aliases, (id) => control(ctx, '/clock/advance', { duration, tenant: id }));
  return { request: { method: 'POST', path: '/_testbed/clock/advance', body: { duration }, worlds: aliases }, response: response! };
}

/**
 * `sync: true` syncs the file's own worlds, each as its advance does (`POST /_testbed/sync?tenant=`):
 * a sync of every world waited for other files' slow platforms. The transcript shows one request
 * naming the worlds, and the last world's answer with what every one of them could not read.
 */
async function syncWorlds(ctx: ActionContext): Promise<Exchange> {
  const aliases = [...ctx.tenantIds.keys()];
  const response = await onEachWorld(ctx, aliases, (id) => control(ctx, `/sync?tenant=${encodeURIComponent(id)}`));
  // A file with no world of its own syncs every world, as before.
  if (response === undefined) return control(ctx, '/sync');
  return { request: { method: 'POST', path: '/_testbed/sync', worlds: aliases }, response };
}

/**
 * Polls the job until it ends, within a real-time limit (jobs run in real time). Only the final
 * answer is kept: how many polls it took depends on timing, and the transcript must not.
 */
async function waitForJob(ctx: ActionContext, spec: NonNullable<Step['waitForJob']>): Promise<Exchange> {
  const { id, timeout } = typeof spec === 'string' ? { id: spec, timeout: undefined } : spec;
  const path = `/_testbed/jobs/${encodeURIComponent(id)}`;
  const deadline = Date.now() + parseDuration(timeout ?? DEFAULT_JOB_TIMEOUT)!;
  for (;;) {
    const response = await send(ctx.baseUrl + path, { method: 'GET', headers: ctx.controlHeaders });
    const status = (response.body as { status?: string } | null)?.status;
    if (response.status !== 200 || JOB_ENDED.has(status ?? '')) return { request: { method: 'GET', path }, response };
    if (Date.now() > deadline) throw new StepError(`el lote ${id} no terminó en ${timeout ?? DEFAULT_JOB_TIMEOUT} (estado: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

/** Runs the step's one action on an already rendered step. */
export function perform(step: Step, ctx: ActionContext): Promise<Exchange> {
  const id = (value: string) => encodeURIComponent(value);
  switch (actionOf(step)) {
    case 'request':
      return apiRequest(step.request!, ctx);
    case 'advanceClock':
      return advanceWorlds(ctx, step.advanceClock!);
    case 'reviewVehicle': {
      const { vehicle, ...decision } = step.reviewVehicle!;
      return control(ctx, `/platform-a/vehicles/${id(vehicle)}/review`, decision);
    }
    case 'acceptInvitation':
      return control(ctx, `/platform-a/drivers/${id(step.acceptInvitation!)}/accept`);
    case 'declineInvitation':
      return control(ctx, `/platform-a/drivers/${id(step.declineInvitation!)}/decline`);
    case 'generateRides': {
      const { tenant, from, to } = step.generateRides!;
      return control(ctx, '/rides/generate', { tenantId: ctx.tenantIds.get(tenant) ?? tenant, from, to });
    }
    case 'waitForJob':
      return waitForJob(ctx, step.waitForJob!);
    case 'sync':
      return syncWorlds(ctx);
    case 'fault':
      return addFault(ctx, step.fault!);
    case 'expectRequests':
      return expectRequests(ctx, step.expectRequests!);
    case 'saveSnapshot':
      return worldSnapshot(ctx, step.saveSnapshot!, 'save');
    case 'restoreSnapshot':
      return worldSnapshot(ctx, step.restoreSnapshot!, 'restore');
    case 'clearFaults':
      return clearOfWorld(ctx, step.clearFaults!, 'faults');
    case 'clearRequests':
      return clearOfWorld(ctx, step.clearRequests!, 'requests');
  }
}
