import type { RequestHandler, Response } from 'express';
import { PLATFORM_FAULT_HEADER } from '../../server/lib/platform-fault-header.ts';

export type SimPlatform = 'platform_a' | 'platform_b';
export type FaultMode = 'none' | 'error' | 'slow';

export interface Fault {
  mode: FaultMode;
  ms: number;
}

/** How long a "slow" platform holds a request when no duration is given: long enough to time out. */
export const DEFAULT_SLOW_MS = 30_000;

/**
 * Injected failures, per platform. Kept in memory on purpose: a restart clears them, as a real
 * outage would not survive the peer coming back.
 */
export class Faults {
  private readonly byPlatform = new Map<SimPlatform, Fault>();

  get(platform: SimPlatform): Fault {
    return this.byPlatform.get(platform) ?? { mode: 'none', ms: 0 };
  }

  set(platform: SimPlatform, fault: Fault): void {
    this.byPlatform.set(platform, fault);
  }
}

/**
 * The first middleware of a platform. "slow" waits in real time: it emulates a peer that hangs, which
 * is what the API's real-time timeouts protect against; simulated delays never sleep. Both are
 * marked (platform-fault-header.ts): an error by its header, a slow answer by a 102 before it.
 */
export function faultGate(faults: Faults, platform: SimPlatform, sendError: (res: Response) => void): RequestHandler {
  return (_req, res, next) => {
    const fault = faults.get(platform);
    // Marked, so that the API's 503 can say it was a fault someone set (platform-fault-header.ts).
    if (fault.mode === 'error') return sendError(res.setHeader(PLATFORM_FAULT_HEADER, 'error'));
    // 102 Processing at once: the API can tell, if its call times out, that a fault held it (a
    // request of the world's own slow fault never comes here: the API holds it itself).
    if (fault.mode === 'slow') return void (res.writeProcessing(), setTimeout(next, fault.ms).unref());
    next();
  };
}
