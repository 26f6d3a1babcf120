import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Db } from '../../server/db/open.ts';
import { SimClock } from '../../server/lib/clock.ts';
import type { Logger } from '../../server/lib/logger.ts';
import { makeTestApp, TEST_CLOCK_START } from './app.ts';
import { usePlatformNetwork } from './platform-network.ts';

/**
 * The API under test and both simulated platforms in one process, sharing one simulated clock; the
 * network between them is msw's, so a test can cut it (net.platformDown) or slow it.
 * Call inside a describe: the simulators start before its tests and stop after them.
 */
export function useWorld(options: { seed?: number; db?: Db; clientTimeoutMs?: number; realNowMs?: () => number; logger?: Logger; realWait?: (ms: number) => Promise<void> } = {}) {
  const clock = SimClock.frozenAt(TEST_CLOCK_START);
  const net = usePlatformNetwork({ clock, seed: options.seed, clientTimeoutMs: options.clientTimeoutMs });
  const testApp = makeTestApp({
    clock, platformA: net.platformA, platformB: net.platformB, simulators: net.control, ...(options.db && { db: options.db }),
    ...(options.realNowMs && { realNowMs: options.realNowMs }),
    ...(options.logger && { logger: options.logger }),
    ...(options.realWait && { realWait: options.realWait }),
  });
  return { ...testApp, clock, net };
}

/** The world of useWorld on a data dir of its own, so that reset and snapshots work. */
export function useWorldOnDataDir(options: { realWait?: (ms: number) => Promise<void>; controlToken?: string } = {}) {
  const clock = SimClock.frozenAt(TEST_CLOCK_START);
  const net = usePlatformNetwork({ clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-world-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = makeTestApp({ clock, platformA: net.platformA, platformB: net.platformB, simulators: net.control, dataDir,
    ...(options.realWait && { realWait: options.realWait }), ...(options.controlToken && { controlToken: options.controlToken }) });
  return { ...app, clock, net };
}
