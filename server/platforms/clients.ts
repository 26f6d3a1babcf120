import { createPlatformAClient } from './platform-a-client.ts';
import { createPlatformBClient } from './platform-b-client.ts';
import { createSimulatorControlClient } from './simulator-control-client.ts';

const CONTROL_TIMEOUT_MS = 120_000;

export interface PlatformClients {
  platformA: ReturnType<typeof createPlatformAClient>;
  platformB: ReturnType<typeof createPlatformBClient>;
  simulators: ReturnType<typeof createSimulatorControlClient>;
}

/**
 * The companion process serves both platforms and its control surface from one origin. A real
 * platform could stand behind either client by giving it another base URL.
 */
export function createPlatformClients(simulatorsUrl: string | Promise<string>, timeoutMs: number): PlatformClients {
  const base = Promise.resolve(simulatorsUrl).then((url) => url.replace(/\/+$/, ''));
  return {
    platformA: createPlatformAClient({ baseUrl: base.then((url) => `${url}/platform-a`), timeoutMs }),
    platformB: createPlatformBClient({ baseUrl: base.then((url) => `${url}/platform-b`), timeoutMs }),
    // Control calls do the simulated world's work (a clock push of months opens every missed day):
    // they are the testbed's own, not a platform's, so they get minutes rather than the platform limit.
    simulators: createSimulatorControlClient({ baseUrl: base, timeoutMs: Math.max(timeoutMs, CONTROL_TIMEOUT_MS) }),
  };
}
