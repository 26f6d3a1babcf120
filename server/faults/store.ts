import type { Platform } from '../common/schemas.ts';
import type { FaultRuleInput } from './schema.ts';
import { DELETED_WORLDS_KEPT, setNewest } from '../lib/bounded-map.ts';

export interface FaultRule extends Omit<FaultRuleInput, 'times' | 'retryAfter' | 'delayMs' | 'operation' | 'method' | 'path'> {
  id: string;
  operation: string | null;
  method: NonNullable<FaultRuleInput['method']> | null;
  path: string | null;
  times: number | null;
  retryAfter: number | null;
  delayMs: number | null;
  /** Matching requests seen so far (the first `after` of them pass). */
  matched: number;
  hits: number;
}

export interface PlatformFault {
  mode: 'error' | 'slow';
  ms: number;
}

/** One world's faults. Rules keep creation order: the first that applies wins. */
export interface WorldFaults {
  rules: FaultRule[];
  /** Rule ids count up per world and are never reused while the world lives. */
  nextId: number;
  /** Position in the world's probability stream. */
  draws: number;
  platforms: Map<Platform, PlatformFault>;
}

/**
 * The worlds' faults, in memory: they are a live switch of a test, not data (like the testbed-wide
 * platform faults), and the request path reads them on every request of a world that has any.
 * A world that never had one has no entry, so its requests cost one failed map lookup; one that
 * had them (or kept its rule ids through a whole restore) costs a look at an empty list.
 */
export function createFaultStore() {
  const worlds = new Map<string, WorldFaults>();
  let platformFaults = 0;
  // Deleted worlds' next rule ids until a reset: a whole restore that brings one back goes on from there.
  const goneNextIds = new Map<string, number>();

  const recount = () => {
    platformFaults = 0;
    for (const world of worlds.values()) platformFaults += world.platforms.size;
  };

  /** The world is gone (deleted, or not in a whole restore): its faults with it; its rule ids are kept until a reset. */
  function forget(tenantId: string): void {
    drop(tenantId);
    recount();
  }
  /** The world's entry goes; its next rule id is kept. */
  function drop(tenantId: string): void {
    const world = worlds.get(tenantId);
    if (world) setNewest(goneNextIds, tenantId, world.nextId, DELETED_WORLDS_KEPT);
    worlds.delete(tenantId);
  }

  return {
    get: (tenantId: string): WorldFaults | undefined => worlds.get(tenantId),
    ensure(tenantId: string): WorldFaults {
      let world = worlds.get(tenantId);
      if (!world) {
        worlds.set(tenantId, (world = { rules: [], nextId: goneNextIds.get(tenantId) ?? 1, draws: 0, platforms: new Map() }));
        goneNextIds.delete(tenantId);
      }
      return world;
    },
    setPlatform(tenantId: string, platform: Platform, fault: PlatformFault | null): void {
      const world = this.ensure(tenantId);
      if (fault) world.platforms.set(platform, fault);
      else world.platforms.delete(platform);
      recount();
    },
    /** Any platform fault in any world: when none, platform calls skip the per-world check. */
    hasPlatformFaults: () => platformFaults > 0,
    forget,
    /**
     * Reset or whole-testbed restore: no world has faults, nor draws taken. After a restore, a world
     * there goes on counting its rule ids, whether it was there before or deleted since: an id a test
     * kept from before must not name a new rule. After a reset (`restartIds`) they start again at 1.
     */
    clearAll(stillThere: (tenantId: string) => boolean, restartIds = false): void {
      for (const [tenantId, world] of worlds) {
        if (stillThere(tenantId)) worlds.set(tenantId, { rules: [], nextId: world.nextId, draws: 0, platforms: new Map() });
        else drop(tenantId);
      }
      if (restartIds) goneNextIds.clear();
      platformFaults = 0;
    },
  };
}

export type FaultStore = ReturnType<typeof createFaultStore>;
