import { createClient, type ControlSchemas, type PartnerClient } from '../client/index.ts';
import { TestbedError, type ControlCall, type Coverage, type CreatedTenant, type GeneratedRides, type Platform, type PlatformView, type Scope } from './control.ts';
import { worldSetup, type Fixture, type FixtureIds, type WorldSetup } from './world-setup.ts';
import { worldFaults, type WorldFaults } from './world-faults.ts';
import { createLiveWorlds, type BoundWorld, type LiveWorlds } from './live-worlds.ts';
import { refuseUnknown } from './known-options.ts';
import { worldRequests, type ExpectedRequests, type JournalEntry, type RequestFilter } from './world-requests.ts';
import { callerFile, deepStack } from './caller-file.ts';
import { TENANT_NAME_MAX } from '../server/tenants/limits.ts';

export interface WorldOptions {
  /**
   * The tenant's name; default `Mundo N de <file>`, the file that called createWorld and its N-th
   * world: a world's ids come from its name, so a file's worlds get the same ids at every run,
   * whatever order the files run in (`Mundo N` when no file calls it: a REPL).
   */
  name?: string;
  /** `pending`: a tenant under review, whose key answers 403 TENANT_PENDING until `approve()`. */
  status?: 'active' | 'pending';
  /** The key's scopes; default all six. */
  scopes?: Scope[];
  environment?: 'test' | 'live';
  /** A populated world in the same call: vehicles, drivers, assignments, days of rides. */
  fixture?: Fixture;
}

export type Verdict = 'approved' | 'rejected';
export type { FaultMode } from './world-faults.ts';

/** One tenant of the testbed: its own data, key and simulated clock (contract §4). */
export interface World extends WorldSetup {
  /** Where the testbed listens (the partner API under `/v1`): with `key`, what the code under test needs. */
  url: string;
  tenantId: string;
  /** The ids the fixture made (empty lists without one). */
  fixture: FixtureIds;
  name: string;
  /** The full secret of the world's key (`fk_test_…`). */
  key: string;
  keyId: string;
  /** The partner API, typed, already holding the key; it throws the handle's refusal once its world is known gone (see reset()). */
  client: PartnerClient;
  /** Moves this world's clock alone (`45m`, `6h`, `3d`); what fell due has happened on return. Answers the new now. */
  advance(duration: string): Promise<string>;
  /** This world's simulated now (ISO). */
  now(): Promise<string>;
  /**
   * The API catches up with what the platforms hold of this world now (as its advance does, without
   * moving time): a decision read right after. Answers its now and what could not be read (a platform down).
   */
  sync(): Promise<{ now: string; notSynced: NotSynced[] }>;
  /** Acts as platform_a: its reviewers and the drivers in its app. */
  platformA: {
    /** The verdict asked for; the card's review and the registration, as platform_a stored them. */
    review(vehicleId: string, verdict: Verdict, card?: Verdict): Promise<ControlSchemas['ReviewedVehicle']>;
    /** The invitation and the driver's review, as platform_a stored them. */
    accept(driverId: string): Promise<ControlSchemas['AnsweredInvitation']>;
    decline(driverId: string): Promise<ControlSchemas['AnsweredInvitation']>;
  };
  /** The rides and daily earnings of those days (`YYYY-MM-DD`, inclusive, up to the world's today), ingested. */
  generateRides(from: string, to: string): Promise<GeneratedRides>;
  /**
   * This world's faults: `faults(platform, mode, ms?)` makes a platform fail or answer slowly for this
   * world alone; `faults.add(rule)` makes the API itself answer its requests with a fault.
   */
  faults: WorldFaults;
  /** The transitions of spec §3 that happened in this world. */
  coverage(): Promise<Coverage>;
  /** What the simulated platform itself holds for this world now. */
  platform(platform: Platform): Promise<PlatformView>;
  /** This world's request journal, newest first: what its code sent with its keys and what it got. */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
  /** The matching requests, when there are `count` (at least one without it); else throws, listing what was sent. */
  expectRequests(expected: ExpectedRequests): Promise<JournalEntry[]>;
  /** Empties this world's journal; answers how many entries went. */
  clearRequests(): Promise<number>;
  /** Approves a world created `pending`. */
  approve(): Promise<void>;
  /**
   * Deletes the tenant, its data and its platform records. A world already gone (a test deleted it,
   * or a reset did) is left so: cleanup in `afterAll` need not know what the tests did.
   */
  delete(): Promise<void>;
}

/** A part of a sync that failed (a platform down, or a platform fault of the world): read again at the next pass. */
export interface NotSynced {
  tenant: string | null;
  task: 'registrations' | 'invitations' | 'bindings' | 'bindings held' | 'rides';
  message: string;
}

let worldsMade = 0;
/** Worlds made per calling file, for their default names. */
const madeIn = new Map<string, number>();

/** Read before createWorld's first await, while the stack still holds its caller. */
function defaultName(): string {
  const file = callerFile(deepStack());
  if (file === null) return `Mundo ${++worldsMade}`;
  const n = (madeIn.get(file) ?? 0) + 1;
  madeIn.set(file, n);
  const name = `Mundo ${n} de ${file}`;
  return name.length <= TENANT_NAME_MAX ? name : `Mundo ${n} de …${lastUnits(file, TENANT_NAME_MAX - 20)}`;
}

/** A deep path cut from the left (its file's name tells the worlds apart), never inside a character. */
function lastUnits(text: string, most: number): string {
  let kept = '';
  for (const char of Array.from(text).reverse()) {
    if (kept.length + char.length > most) break;
    kept = char + kept;
  }
  return kept;
}

/** What createWorld reads: a misspelt option (`fixtur`) from plain JavaScript would make a world without it. */
const WORLD_OPTIONS: readonly (keyof WorldOptions)[] = ['name', 'status', 'scopes', 'environment', 'fixture'];

/** `POST /_testbed/tenants`, then a handle bound to the new tenant. */
export async function createWorld(url: string, call: ControlCall, options: WorldOptions = {}, live: LiveWorlds = createLiveWorlds()): Promise<World> {
  refuseUnknown('createWorld', options, WORLD_OPTIONS);
  const key = options.scopes || options.environment ? { scopes: options.scopes, environment: options.environment } : {};
  const tenant = await call<CreatedTenant>('POST', '/tenants', {
    name: options.name ?? defaultName(),
    status: options.status ?? 'active',
    keys: [key],
    ...(options.fixture !== undefined && { fixture: options.fixture }),
  }).catch((err: unknown) => {
    throw err instanceof TestbedError ? inOptionNames(err) : err;
  });
  const bound = live.bind(call, `«${tenant.name}» (tenant ${tenant.id})`);
  // Deleted by its handle, its key is the API's to refuse (401, as a deleted tenant's: contract §4),
  // what a test of the code under test may mean to meet; replaced by a reset, it may be another world's.
  const clientRefusal = () => (bound.wasDeleted() ? undefined : bound.refusal());
  return worldHandle(url, bound, tenant, guardedClient(createClient({ baseUrl: url, key: tenant.keys[0].key }), clientRefusal));
}

/** The API's words for the key createWorld sends (`keys.0.scopes.1`) as the options that made it (`scopes[1]`). */
const OPTION_NAMES: [RegExp, string][] = [[/\bkeys\.0\.scopes\.(\d+)/g, 'scopes[$1]'], [/\bkeys\.0\.(scopes|environment)\b/g, '$1']];
const optionNames = (text: string) => OPTION_NAMES.reduce((t, [from, to]) => t.replace(from, to), text);

function inOptionNames(err: TestbedError): TestbedError {
  const details = err.details.map((d) => (typeof d === 'object' && d !== null && typeof (d as { field?: unknown }).field === 'string'
    ? { ...d, field: optionNames((d as { field: string }).field) } : d));
  return new TestbedError(err.status, { code: err.code, message: optionNames(err.message), details, requestId: err.requestId ?? undefined });
}

/**
 * The world's partner API client, refusing as its control calls do once its world is known gone: after
 * a reset the next world made gets the old one's key too (the id streams start again), and the old
 * handle's client would read and write that world.
 */
function guardedClient(client: PartnerClient, refusal: () => TestbedError | undefined): PartnerClient {
  client.use({
    onRequest() {
      const refused = refusal();
      if (refused) throw refused;
      return undefined;
    },
  });
  return client;
}

function worldHandle(url: string, bound: BoundWorld, tenant: CreatedTenant, client: PartnerClient): World {
  const { call } = bound;
  const tenantId = tenant.id;
  const query = `?tenant=${encodeURIComponent(tenantId)}`;
  const answer = (driverId: string, verb: 'accept' | 'decline') =>
    call<ControlSchemas['AnsweredInvitation']>('POST', `/platform-a/drivers/${encodeURIComponent(driverId)}/${verb}`);
  return {
    ...worldSetup(call, tenantId),
    url,
    tenantId,
    fixture: tenant.fixture ?? { vehicleIds: [], driverIds: [], assignmentIds: [] },
    name: tenant.name,
    key: tenant.keys[0].key,
    keyId: tenant.keys[0].id,
    client,
    advance: async (duration) => (await call<{ now: string }>('POST', '/clock/advance', { duration, tenant: tenantId })).now,
    now: async () => (await call<{ now: string }>('GET', `/clock${query}`)).now,
    sync: () => call<{ now: string; notSynced: NotSynced[] }>('POST', `/sync${query}`),
    platformA: {
      review: (vehicleId, verdict, card) => call('POST', `/platform-a/vehicles/${encodeURIComponent(vehicleId)}/review`, { verdict, card }),
      accept: (driverId) => answer(driverId, 'accept'),
      decline: (driverId) => answer(driverId, 'decline'),
    },
    generateRides: (from, to) => call('POST', '/rides/generate', { tenantId, from, to }),
    faults: worldFaults(call, tenantId),
    coverage: () => call('GET', `/coverage${query}`),
    platform: (platform) => call('GET', `/platforms/${platform}${query}`),
    ...worldRequests(call, tenantId, tenant.name),
    approve: async () => void (await call('POST', `/tenants/${tenantId}/approve`)),
    delete: async () => {
      if (bound.wasDeleted()) return;
      // Gone already (deleted elsewhere, or replaced by a reset seen here): left so, and not told as deleted here.
      const deleted = await call('DELETE', `/tenants/${tenantId}`).then(() => true, (err: unknown) => {
        if (!(err instanceof TestbedError && err.status === 404)) throw err;
        return false;
      });
      if (deleted) bound.deleted();
    },
  };
}
