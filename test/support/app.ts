import { keySalt } from '../../server/auth/key-salt.ts';
import { createServer, type Server } from 'node:http';
import { listening } from './listening.ts';
import supertest from 'supertest';
import { createApp } from '../../server/app.ts';
import { recordResponses } from './openapi-records.ts';
import { createServices } from '../../server/services.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import type { Deps } from '../../server/deps.ts';
import { SimClock } from '../../server/lib/clock.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { silentLogger } from '../../server/lib/logger.ts';
import type { Scope } from '../../server/auth/scopes.ts';
import { createPlatformAClient } from '../../server/platforms/platform-a-client.ts';
import { createPlatformBClient } from '../../server/platforms/platform-b-client.ts';
import { createSimulatorControlClient } from '../../server/platforms/simulator-control-client.ts';

export const TEST_CLOCK_START = '2026-03-02T15:00:00.000Z';
/** The shape of the ids the seeded generator makes for tenants, keys, vehicles and documents. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let migrated: Buffer | undefined;

/**
 * A new in-memory database with every migration applied: a copy of one migrated once per worker,
 * since running the migrations for each test's app was a third of what making the app cost.
 */
export function migratedMemoryDatabase(): Db {
  if (!migrated) {
    const template = openDatabase(':memory:');
    migrated = template.serialize();
    template.close();
  }
  return openDatabase(migrated);
}

/** `clock`: the service clock (shared with in-process simulators); every tenant's is built on it. */
export function makeDeps({ clock = SimClock.frozenAt(TEST_CLOCK_START), ...overrides }: Partial<Deps> & { clock?: SimClock } = {}): Deps {
  const db = overrides.db ?? migratedMemoryDatabase();
  const seed = overrides.seed ?? 7;
  return {
    db,
    clocks: createClocks(db, clock),
    // As serve draws them (server/main.ts): key secrets mix in the control token where there is one.
    ids: createSeededIds(db, seed, keySalt(overrides.controlToken)),
    seed,
    logger: silentLogger,
    rateLimit: 0,
    realNowMs: Date.now,
    dataDir: null,
    clockStart: TEST_CLOCK_START,
    // Fake hosts: unreachable unless a test seals them with the msw platform network (world.ts).
    platformA: createPlatformAClient({ baseUrl: 'http://platform-a.sim.test', timeoutMs: 200 }),
    platformB: createPlatformBClient({ baseUrl: 'http://platform-b.sim.test', timeoutMs: 200 }),
    simulators: createSimulatorControlClient({ baseUrl: 'http://control.sim.test', timeoutMs: 200 }),
    ...overrides,
  };
}

/**
 * The app behind a server of its own, listening once for the whole test file. Given the app itself,
 * supertest listened and closed around each request: a port taken thousands of times, and with many
 * connections in TIME_WAIT the kernel's search for a free one cost ~6 s of a worker's CPU over the
 * api tests. Listening on no host, the port is known at once, and supertest leaves the server alone.
 */
function listenOnce(app: ReturnType<typeof createApp>): Server {
  const server = createServer(app).listen(0);
  server.unref();
  listening().add(server);
  return server;
}

/** An app on an in-memory database plus helpers to make tenants and keys the way the CLI does. */
export function makeTestApp(overrides: Parameters<typeof makeDeps>[0] = {}) {
  const deps = makeDeps(overrides);
  const services = createServices(deps);
  const app = createApp(deps, services);
  recordResponses(app); // every response is checked against the OpenAPI document (openapi-setup.ts)
  const tenants = services.tenants;
  const request = supertest(listenOnce(app));

  function newTenant(name = 'Flota Prueba', scopes?: Scope[]) {
    const tenant = tenants.createTenant(name);
    const key = tenants.createKey(tenant.id, scopes);
    const auth = { Authorization: `Bearer ${key.key}` };
    return { tenant, key, auth };
  }

  return { deps, app, request, tenants, services, newTenant };
}
