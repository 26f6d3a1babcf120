import { DEFAULT_PLATFORM_TIMEOUT_MS, DEFAULT_RETRY_AFTER_S } from '../config.ts';
import type { Deps } from '../deps.ts';
import { platformFaulted } from '../errors.ts';
import type { PlatformName } from '../platforms/types.ts';
import type { FaultService } from './service.ts';
import { realWait } from './middleware.ts';

export interface WorldPlatformDeps {
  db: Deps['db'];
  wait: (ms: number) => Promise<void>;
  /** The platform clients' own real-time limit: a slower answer fails as a timed-out call does. */
  platformTimeoutMs: number;
  retryAfterS: number;
}

/**
 * The world a platform call is made for, from its first argument: an input naming the fleet
 * (`fleetId`: registrations, invitations, ride reports) or the API's id of a vehicle or a driver,
 * which the platforms know records by.
 */
function worldOfCall(db: Deps['db']) {
  const vehicle = db.prepare('SELECT tenant_id FROM vehicles WHERE id = ?').pluck();
  const driver = db.prepare('SELECT tenant_id FROM drivers WHERE id = ?').pluck();
  return (args: unknown[]): string | undefined => {
    const first = args[0];
    if (typeof first === 'object' && first !== null && 'fleetId' in first) return String(first.fleetId);
    if (typeof first !== 'string') return undefined;
    return (vehicle.get(first) ?? driver.get(first)) as string | undefined;
  };
}

/**
 * A platform client whose calls for a world with a platform fault of its own fail (`error`: 503
 * PLATFORM_UNAVAILABLE, as a platform's 5xx does) or wait (`slow`) before they are made, the same
 * for a request's call and for the background sync's; other worlds' calls go straight through.
 * The testbed-wide faults stay in the simulators (`/_testbed/faults`).
 */
export function withWorldPlatformFaults<C extends object>(client: C, platform: PlatformName, faults: FaultService, deps: WorldPlatformDeps): C {
  const worldOf = worldOfCall(deps.db);
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(client)) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    wrapped[name] = async (...args: unknown[]) => {
      const tenantId = faults.hasPlatformFaults() ? worldOf(args) : undefined;
      const fault = tenantId === undefined ? undefined : faults.platformFault(tenantId, platform);
      if (fault?.mode === 'error') throw platformFaulted(platform, 'world', deps.retryAfterS);
      if (fault?.mode === 'slow') {
        await deps.wait(Math.min(fault.ms, deps.platformTimeoutMs));
        if (fault.ms >= deps.platformTimeoutMs) throw platformFaulted(platform, 'world', deps.retryAfterS);
      }
      return (member as (...a: unknown[]) => unknown).apply(client, args);
    };
  }
  return wrapped as C;
}

/** The API's real-time limit for one platform call (FLEET_PLATFORM_TIMEOUT_MS), which a slow fault's ms meets. */
export const platformTimeoutOf = (deps: Pick<Deps, 'platformTimeoutMs'>): number => deps.platformTimeoutMs ?? DEFAULT_PLATFORM_TIMEOUT_MS;

/** The deps every service is built with: the same, with both platform clients behind the worlds' own faults. */
export function withWorldFaultsOnPlatforms(deps: Deps, faults: FaultService): Deps {
  const options: WorldPlatformDeps = {
    db: deps.db,
    wait: deps.realWait ?? realWait,
    platformTimeoutMs: platformTimeoutOf(deps),
    retryAfterS: deps.retryAfterS ?? DEFAULT_RETRY_AFTER_S,
  };
  return {
    ...deps,
    platformA: withWorldPlatformFaults(deps.platformA, 'platform_a', faults, options),
    platformB: withWorldPlatformFaults(deps.platformB, 'platform_b', faults, options),
  };
}
