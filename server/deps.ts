import type { Db } from './db/open.ts';
import type { Clocks } from './lib/clocks.ts';
import type { IdGenerator } from './lib/ids.ts';
import type { Logger } from './lib/logger.ts';
import type { PlatformAClient } from './platforms/platform-a-client.ts';
import type { PlatformBClient } from './platforms/platform-b-client.ts';
import type { SimulatorControlClient } from './platforms/simulator-control-client.ts';

/** Everything the app needs from outside; main.ts builds the real ones, tests build their own. */
export interface Deps {
  db: Db;
  /** Simulated time: the service clock and every tenant's (a tenant is a world with its own clock). */
  clocks: Clocks;
  ids: IdGenerator;
  seed: number;
  logger: Logger;
  /** Requests per second per key (FLEET_RATE_LIMIT); 0 turns limiting off. */
  rateLimit: number;
  /** Real time, for what protects the process (rate limits, timeouts), never for the simulated world. */
  realNowMs: () => number;
  platformA: PlatformAClient;
  platformB: PlatformBClient;
  /** `$FLEET_DATA_DIR` (snapshots and the baseline live there); null for an app on an in-memory database. */
  dataDir: string | null;
  /** FLEET_CLOCK_START, which a new data dir's clock starts from (what reset brings back). */
  clockStart: string | null;
  /** The simulators' control surface: clock pushes and platform outcomes decided on command. */
  simulators: SimulatorControlClient;
  /** FLEET_CONTROL_TOKEN: guards /_testbed; unset (the default), loopback callers only. */
  controlToken?: string | null;
  /** FLEET_JOURNAL_MB: the request journal's memory bound (default 64); 0 turns the journal off. */
  journalMb?: number;
  /** FLEET_CORS_ORIGINS: browser origins allowed to call the API; unset, no CORS. */
  corsOrigins?: string[] | '*' | null;
  /** FLEET_PLATFORM_TIMEOUT_MS, the platform clients' real-time limit (a world's slow platform fault times out past it). */
  platformTimeoutMs?: number;
  /** FLEET_RETRY_AFTER_S: Retry-After of the 503s a platform caused; unset, 5. */
  retryAfterS?: number;
  /** Waits in real time (fault delays); tests give one that records instead of sleeping. */
  realWait?: (ms: number) => Promise<void>;
}
