import { createPlatformAClient } from './platforms/platform-a-client.ts';
import { createPlatformBClient } from './platforms/platform-b-client.ts';
import { createSimulatorControlClient } from './platforms/simulator-control-client.ts';

export interface PlatformClients {
  platformA: ReturnType<typeof createPlatformAClient>;
  platformB: ReturnType<typeof createPlatformBClient>;
  simulators: ReturnType<typeof createSimulatorControlClient>;
}

/**
 * The companion process serves both platforms and its control surface from one origin. A real
 * platform could stand behind either client by giving it another base URL.
 */
export function createPlatformClients(simulatorsUrl: string, timeoutMs: number): PlatformClients {
  const base = simulatorsUrl.replace(/\/+$/, '');
  return {
    platformA: createPlatformAClient({ baseUrl: `${base}/platform-a`, timeoutMs }),
    platformB: createPlatformBClient({ baseUrl: `${base}/platform-b`, timeoutMs }),
    simulators: createSimulatorControlClient({ baseUrl: base, timeoutMs }),
  };
}
