import { keySalt, noteKeySalt } from './auth/key-salt.ts';
import { noteSeed } from './lib/serve-seed.ts';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createApp } from './app.ts';
import { createHttpServer } from './http/http-server.ts';
import type { Response } from 'express';
import { sendError } from './http/error-handler.ts';
import { stoppedMeansOf, stopping } from './errors.ts';
import { settledWithin } from './lib/settled-within.ts';
import { apiDatabaseFile, type Config } from './config.ts';
import { clockStartIgnored, loadClock } from './lib/clock-store.ts';
import { createClocks } from './lib/clocks.ts';
import { startCheckpoints, type Checkpoints } from './db/checkpoints.ts';
import { openDatabase, type Db } from './db/open.ts';
import type { Deps } from './deps.ts';
import { createSeededIds } from './lib/ids.ts';
import { createJsonLogger, type Logger } from './lib/logger.ts';
import { createPlatformClients, type PlatformClients } from './platforms/clients.ts';
import { createServices } from './services.ts';
import { stopTravels } from './clock/travel.ts';

export interface ApiServer {
  port: number;
  /** The bound address as the socket reports it, e.g. 127.0.0.1, 0.0.0.0 or ::. */
  host: string;
  db: Db;
  /**
   * serve replaced the simulators' process (cli/lib/companion.ts): the platforms' halves of the
   * world snapshots were in its memory, so the list forgets them all rather than list copies that
   * can no longer be restored.
   */
  simulatorsReplaced(): void;
  /**
   * Real time (ms; 0: never) of the companion's last answer to any of the API's calls. serve's probe
   * counts it as an answer to itself: with a long queue of calls (eight fixtures built at once on
   * two busy cores) the companion answered its probe late, was taken for hung and killed, and every
   * world's calls failed with it.
   */
  simulatorsAnsweredAt(): number;
  /**
   * Stops taking requests and lets those under way end (up to DRAIN_MS): the first half of stop(),
   * for a caller that must keep the simulators up meanwhile (cli/commands/serve.ts).
   */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface ApiServerOptions {
  /** A promise while the simulators start: what needs no platform is done meanwhile. */
  simulatorsUrl: string | Promise<string>;
  logger?: Logger;
  /** Real-time period of the background sync with the platforms. */
  syncEveryMs?: number;
  /** serve's stdout: the demo key, or how to get one. Off where stdout is someone else's (scenario runs). */
  announceKeys?: boolean;
}


/** Opens the data dir, seeds a new one, and listens on FLEET_HOST. The only place that listens. */
export async function startApiServer(config: Config, options: ApiServerOptions): Promise<ApiServer> {
  const logger = options.logger ?? createJsonLogger();
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  let checkpoints: Checkpoints | null = null;
  // When the companion last answered one of the API's calls, for serve's health probe (simulatorsAnsweredAt).
  let simulatorsAnsweredMs = 0;
  const platforms = createPlatformClients(options.simulatorsUrl, config.platformTimeoutMs, () => void (simulatorsAnsweredMs = Date.now()));
  const deps = apiDeps(config, db, logger, platforms);
  const services = createServices(deps);
  const app = createApp(deps, services);
  loadFetch();
  const close = async () => {
    await services.rideIngestion.close();
    await services.worldSnapshots.close();
    await checkpoints?.stop();
    db.close();
  };
  let server: Server;
  try {
    // Everything above needs no platform; from here on the simulators must be up.
    await options.simulatorsUrl;
    // The API owns simulated time: the simulators start from the same instant it does, in every world.
    // They catch up on what fell due meanwhile after answering: a start never fails for a long catch-up.
    await platforms.simulators.setClock({ ...deps.clocks.service.getState(), fleets: deps.clocks.offsets(), settle: false });
    const dropped = await services.fixtures.dropUnfinished();
    if (dropped.length > 0) logger.warn('worlds a stopped serve left half-built or half-deleted were deleted', { tenants: dropped });
    server = await listen(app, config);
  } catch (err) {
    await close();
    throw err;
  }
  // Noted once listening: a start that fails (port taken) leaves the last serve's token noted.
  noteKeySalt(db, keySalt(config.controlToken));
  noteSeed(db, config.seed);
  // Seeded once listening: a start that fails (port taken) must not have printed the key already.
  const seeded = services.tenants.seedDemo();
  if (options.announceKeys ?? true) {
    announceDemo(seeded, services.tenants.store.firstTenant());
    const ignored = clockStartIgnored(db, config.clockStart);
    if (ignored !== null) process.stdout.write(`${ignored}\n`);
  }
  const timer = setInterval(() => void services.sync.runBackground(), options.syncEveryMs ?? 1000);
  // Once listening: a thread's start is nothing a start-up must wait for.
  checkpoints = startCheckpoints(db.name, {
    onError: (err) => logger.warn('the WAL checkpoint thread failed: commits checkpoint as before', { error: err.message }),
  });
  // Resumes the jobs a previous run left open (killed or stopped mid-way).
  services.jobs.start();
  const address = server.address() as AddressInfo;
  // What reset brings back, written once per data dir; a reset meanwhile waits for it. Its
  // synchronous part (a second database migrated and seeded) comes after the listening line.
  const baseline = setImmediate(() => {
    services.world.ensureBaseline().catch((err) => logger.error('baseline not written', { error: String(err) }));
  });
  const connections = trackConnections(server);
  let drained: Promise<void> | null = null;
  const drain = () => (drained ??= (async () => {
    const deadline = Date.now() + DRAIN_MS;
    // An advance under way ends at its next step and says where its clock stayed; one of a single
    // step, and everything else under way, has the drain to finish.
    stopTravels(deps);
    // The builds still running at the deadline are abandoned before their requests are told so.
    await closeServer(server, connections, deadline, config.retryAfterS, services.fixtures.cutOff);
    // A client gone (a timeout, Ctrl-C) left its fixture's build running with no connection to count.
    await services.fixtures.idle(Math.max(0, deadline - Date.now()));
    // What is still under way ends at its next step rather than go on beside the stop, holding a core
    // and meeting a closed database: no more rides are written, and the builds delete their worlds.
    services.rideIngestion.refuseWrites();
    await services.fixtures.abandon(ABANDON_MS);
  })());
  return {
    port: address.port,
    host: address.address,
    db,
    // The new process keeps the world snapshots' platform halves (simulators/main.ts): nothing to forget.
    simulatorsReplaced() {
      logger.warn('the simulators were replaced: their records and world snapshots are kept');
    },
    simulatorsAnsweredAt: () => simulatorsAnsweredMs,
    drain,
    async stop() {
      clearImmediate(baseline);
      clearInterval(timer);
      const jobsStopped = services.jobs.stop();
      await drain();
      // A run queued behind the one under way would start on a closed database: it is skipped.
      services.sync.stop();
      // Bounded: a run or a job held by a platform that times out (a world's slow fault) kept the stop
      // waiting, serve alive past the contract's 5 s. What is cut then fails at its next write (a
      // logged warning, then retried at the next start) rather than hold the stop.
      await settledWithin(Promise.all([services.sync.idle(), jobsStopped]), BACKGROUND_STOP_MS);
      await close();
    },
  };
}

/**
 * Real time a stop gives the requests under way to end (a fixture's build, a restore): serve stops
 * within 5 s (contract §1), its simulators after this drain, so this leaves them time to stop too.
 */
const DRAIN_MS = 2_000;
const DRAIN_POLL_MS = 20;
/** Real time the background sync run and the job under way get to end, once the drain is over. */
const BACKGROUND_STOP_MS = 1_000;
/** Real time the builds still under way after the drain get to stop at their next step. */
const ABANDON_MS = 500;
/** Real time the 503s answered at the drain's deadline get to go out before the connections close. */
const LAST_ANSWERS_MS = 100;

/** The server's open connections, kept as they open and close (a connection, not a request: cheap). */
function trackConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * A connection with no answer under way: Node's closeIdleConnections() left some of these open (a
 * client's spare kept-alive connection that never sent a request), and they held a stop for its
 * whole drain. `_httpMessage` is the answer Node ties to the socket while a request runs.
 */
const answering = (socket: Socket) => (socket as Socket & { _httpMessage?: unknown })._httpMessage != null;

/**
 * Stops listening, lets the requests under way finish (up to the deadline), then drops the connections
 * still open. A connection is closed as soon as it answers nothing, so kept-alive ones cannot hold
 * the stop back. A request still running at the deadline is answered a 503 that says serve stopped
 * (an empty reply said nothing), then cut; its own answer, later, goes nowhere (a fixture's world
 * is deleted: abandon(), or at the next start: fixtures/unfinished.ts).
 */
async function closeServer(server: Server, connections: Set<Socket>, deadline: number, retryAfterS: number, atDeadline: () => void): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (;;) {
    for (const socket of connections) if (!answering(socket)) socket.destroy();
    if (connections.size === 0 || Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  }
  if (connections.size > 0) atDeadline();
  await answerStopping(connections, retryAfterS);
  server.closeAllConnections();
  await closed;
}

/** Each request still running gets the stop's 503, if nothing of its answer went out yet; waits (briefly) for them to leave. */
async function answerStopping(connections: Set<Socket>, retryAfterS: number): Promise<void> {
  const sent: Promise<unknown>[] = [];
  for (const socket of connections) {
    const res = (socket as Socket & { _httpMessage?: Response })._httpMessage;
    if (!res || res.headersSent) continue;
    res.setHeader('Connection', 'close');
    const error = stopping(stoppedMeansOf(res));
    // A 503 PLATFORM_UNAVAILABLE carries Retry-After (contract §3): a serve started again answers then.
    sendError(res, error.code, error.message, null, { 'Retry-After': String(retryAfterS) });
    sent.push(new Promise((resolve) => res.once('finish', resolve)));
  }
  if (sent.length > 0) await settledWithin(Promise.all(sent), LAST_ANSWERS_MS);
}

function apiDeps(config: Config, db: Db, logger: Logger, platforms: PlatformClients): Deps {
  return {
    db,
    clocks: createClocks(db, loadClock(db, config.clockStart)),
    ids: createSeededIds(db, config.seed, keySalt(config.controlToken)),
    seed: config.seed,
    logger,
    rateLimit: config.rateLimit,
    realNowMs: Date.now,
    dataDir: config.dataDir,
    clockStart: config.clockStart,
    ...platforms,
    controlToken: config.controlToken,
    corsOrigins: config.corsOrigins,
    platformTimeoutMs: config.platformTimeoutMs,
    retryAfterS: config.retryAfterS,
    journalMb: config.journalMb,
  };
}

/**
 * Node loads its HTTP client (undici) at the first fetch: 0.1–0.3 s of compiling, which would
 * otherwise fall on serve's first health probe of the simulators (cli/lib/health-probe.ts), in
 * the middle of whatever the API does then. Called while they start. (The platform clients use
 * node:http: platforms/http-send.ts.)
 */
function loadFetch(): void {
  fetch('data:,').catch(() => undefined);
}

type TenantServices = ReturnType<typeof createServices>['tenants'];

/** A new data dir shows its demo key once; a restarted one says how to get a key, since none is shown again. */
function announceDemo(seeded: ReturnType<TenantServices['seedDemo']>, first: ReturnType<TenantServices['store']['firstTenant']>): void {
  if (!seeded) {
    const tenant = first ? first.id : 'TENANT_ID';
    process.stdout.write(
      'Las claves de API solo se muestran al crearlas. Para una nueva: ' +
        `fleet-sim keys create --tenant ${tenant} (los tenants y sus ids: fleet-sim tenants list)\n`,
    );
    return;
  }
  process.stdout.write(
    `Flota de demostración creada: ${seeded.tenant.name} (${seeded.tenant.id})\n` +
      `Clave de API de prueba (se muestra una sola vez): ${seeded.key.key}\n`,
  );
}

/** A port taken or a host not on this machine rejects with a one-line reason (ListenError). */
function listen(app: ReturnType<typeof createApp>, config: Config): Promise<Server> {
  // Not app.listen: Express 5 calls its callback on an error too, as if it were listening.
  const server = createHttpServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new ListenError(err, config)));
    server.listen(config.port, config.host, () => resolve(server));
  });
}

export class ListenError extends Error {
  constructor(cause: NodeJS.ErrnoException, { host, port }: Config) {
    const where = `${host}:${port}`;
    const reasons: Record<string, string> = {
      EADDRINUSE: `el puerto ${where} ya está en uso; elige otro con PORT`,
      EACCES: `no hay permiso para escuchar en ${where}; usa un puerto ≥ 1024`,
      EADDRNOTAVAIL: `FLEET_HOST=${host} no es una dirección de este equipo`,
      ENOTFOUND: `FLEET_HOST=${host} no se resuelve a ninguna dirección`,
    };
    super(reasons[cause.code ?? ''] ?? `no se pudo escuchar en ${where}: ${cause.message}`, { cause });
  }
}
