import { createPlatformAClient } from './platform-a-client.ts';
import { createPlatformBClient } from './platform-b-client.ts';
import { createSimulatorControlClient } from './simulator-control-client.ts';
import { CONTROL_TIMEOUT_MS } from './control-timeout.ts';

export interface PlatformClients {
  platformA: ReturnType<typeof createPlatformAClient>;
  platformB: ReturnType<typeof createPlatformBClient>;
  simulators: ReturnType<typeof createSimulatorControlClient>;
}

/**
 * The companion process serves both platforms and its control surface from one origin. A real
 * platform could stand behind either client by giving it another base URL.
 */
export function createPlatformClients(simulatorsUrl: string | Promise<string>, timeoutMs: number, onAnswer?: () => void): PlatformClients {
  const base = Promise.resolve(simulatorsUrl).then((url) => url.replace(/\/+$/, ''));
  return {
    platformA: createPlatformAClient({ baseUrl: base.then((url) => `${url}/platform-a`), timeoutMs, onAnswer }),
    platformB: createPlatformBClient({ baseUrl: base.then((url) => `${url}/platform-b`), timeoutMs, onAnswer }),
    // Control calls are the testbed's own, not a platform's: control-timeout.ts.
    simulators: createSimulatorControlClient({ baseUrl: base, timeoutMs: Math.max(timeoutMs, CONTROL_TIMEOUT_MS), onAnswer }),
  };
}

