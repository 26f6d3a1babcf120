import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bypass, delay, http, HttpResponse, passthrough, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SimClock } from '../../server/lib/clock.ts';
import { createPlatformAClient } from '../../server/platforms/platform-a-client.ts';
import { createPlatformBClient } from '../../server/platforms/platform-b-client.ts';
import { createSimulatorControlClient } from '../../server/platforms/simulator-control-client.ts';
import { createSimulatorsApp } from '../../simulators/app.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';

/** Fake hosts the clients are configured with; msw forwards them to the in-process simulators. */
export const SIM_URLS = {
  platform_a: 'http://platform-a.sim.test',
  platform_b: 'http://platform-b.sim.test',
  control: 'http://control.sim.test',
} as const;

export type SimHost = keyof typeof SIM_URLS;

/** Where each fake host lands on the simulators' app. */
const MOUNT: Record<SimHost, string> = { platform_a: '/platform-a', platform_b: '/platform-b', control: '' };

export interface PlatformNetworkOptions {
  /** The same clock object the API under test uses: simulated time is then shared, not pushed. */
  clock: SimClock;
  seed?: number;
  /**
   * Real-time limit of each client call (default 5 s). A test of a slow platform sets a short one; the
   * default leaves room for a CI machine whose cores the other test files (a browser among them)
   * hold: at 1.5 s a registration's call once timed out there, in a test about something else.
   */
  clientTimeoutMs?: number;
}

/**
 * Loopback is not the platform network: supertest reaches the API under test on 127.0.0.1 and msw
 * sees those requests too, so they pass through. Anything else unhandled is a test reaching the
 * outside world, which `onUnhandledRequest: 'error'` stops.
 */
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;
const loopbackPassesThrough = http.all(LOOPBACK, () => passthrough());

/**
 * The simulators in-process on 127.0.0.1:0 (in-memory db) behind msw, the three clients pointed at
 * the fake hosts, and per-test faults. Call start() before use and stop() after, or use
 * usePlatformNetwork() inside a describe.
 */
export function createPlatformNetwork({ clock, seed = 42, clientTimeoutMs = 5_000 }: PlatformNetworkOptions) {
  const db = openSimulatorsDb(':memory:');
  const app = createSimulatorsApp({ db, clock, seed });
  let listener: Server | undefined;
  let origin = '';
  // Set once stopped: a "slow" fault's delayed forward may wake after its file has ended.
  let stopped = false;

  const forwardTo = (host: SimHost): HttpResponseResolver => async ({ request }) => {
    // Stopped: its port may be another file's server by now (isolate off), never forward there.
    if (stopped) return HttpResponse.error();
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const target = `${origin}${MOUNT[host]}${url.pathname}${url.search}`;
    return fetch(bypass(target, { method: request.method, headers: request.headers, body, signal: request.signal })).catch((err) => {
      // The API's client gave up (its timeout aborted the call, a "slow" fault), or the network is gone
      // (the delay of a "slow" fault outlived its file): no one reads this answer.
      if (request.signal.aborted || stopped) return HttpResponse.error();
      throw err;
    });
  };
  const everything = (host: SimHost) => `${SIM_URLS[host]}/*`;
  const forwards = (Object.keys(SIM_URLS) as SimHost[]).map((h) => http.all(everything(h), forwardTo(h)));
  const server = setupServer(...forwards, loopbackPassesThrough);

  const options = (host: SimHost) => ({ baseUrl: SIM_URLS[host], timeoutMs: clientTimeoutMs });

  async function start(): Promise<void> {
    stopped = false;
    listener = createServer(app);
    await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    server.listen({ onUnhandledRequest: 'error' });
  }

  async function stop(): Promise<void> {
    stopped = true;
    server.close();
    listener?.closeAllConnections();
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
    db.close();
  }

  return {
    server,
    simulators: { db, clock, app },
    platformA: createPlatformAClient(options('platform_a')),
    platformB: createPlatformBClient(options('platform_b')),
    control: createSimulatorControlClient(options('control')),
    urls: SIM_URLS,
    start,
    stop,
    /** The host refuses connections (a network error). Lasts until the test ends. */
    platformDown: (host: SimHost) => server.use(http.all(everything(host), () => HttpResponse.error())),
    /** The host answers every call with this status and an opaque body. */
    platformError: (host: SimHost, status = 500) =>
      server.use(http.all(everything(host), () => HttpResponse.json({ message: 'injected failure' }, { status }))),
    /** The host's pages hold at most `limit` items whatever the client asks (a lower `limit` parameter), as a platform may. */
    platformPageCap: (host: SimHost, limit: number) =>
      server.use(
        http.get(everything(host), (info) => {
          const url = new URL(info.request.url);
          if (Number(url.searchParams.get('limit')) > limit) url.searchParams.set('limit', String(limit));
          return forwardTo(host)({ ...info, request: new Request(url, info.request) });
        }),
      ),
    /** The host answers JSON whatever type the client asks for, as a platform that knows only its own. `asked` sees each Accept. */
    platformJsonOnly: (host: SimHost, asked: (accept: string | null) => void = () => undefined) =>
      server.use(
        http.get(everything(host), (info) => {
          asked(info.request.headers.get('accept'));
          const headers = new Headers(info.request.headers);
          headers.set('accept', 'application/json');
          return forwardTo(host)({ ...info, request: new Request(info.request.url, { headers }) });
        }),
      ),
    /**
     * The host's next answer is read from the platform at once but delivered only on `release()`:
     * what a slow network does to an answer, made deterministic. `reached` resolves once it is read.
     */
    holdNextAnswer: (host: SimHost) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let read!: () => void;
      const reached = new Promise<void>((resolve) => (read = resolve));
      server.use(
        http.all(
          everything(host),
          async (info) => {
            const answer = await forwardTo(host)(info);
            read();
            await released;
            return answer;
          },
          { once: true },
        ),
      );
      return { reached, release };
    },
    /** The host answers only after `ms` of real time: set it beyond clientTimeoutMs to get a timeout. */
    platformSlow: (host: SimHost, ms = 2_000) =>
      server.use(
        http.all(everything(host), async (info) => {
          await delay(ms);
          return forwardTo(host)(info);
        }),
      ),
  };
}

export type PlatformNetwork = ReturnType<typeof createPlatformNetwork>;

/** Inside a describe: starts before its tests, drops per-test faults after each, stops after all. */
export function usePlatformNetwork(options: PlatformNetworkOptions): PlatformNetwork {
  const network = createPlatformNetwork(options);
  beforeAll(() => network.start());
  afterEach(() => network.server.resetHandlers());
  afterAll(() => network.stop());
  return network;
}
