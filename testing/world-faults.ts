import type { PartnerOperationId } from '../client/index.ts';
import { TestbedError, type ControlCall, type Platform } from './control.ts';
import { givenValue } from './known-options.ts';

export type FaultMode = 'none' | 'error' | 'slow';
export type FaultEffect = 'rate_limited' | 'unavailable' | 'internal' | 'delay' | 'reset';
type FaultMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A fault rule of a world (docs/control-api.md, "Faults of a world"). */
export interface FaultRule {
  effect: FaultEffect;
  /** An operationId of /v1/openapi.json, e.g. `createVehicle`; not with method or path. */
  operation?: PartnerOperationId;
  /** Any case, as the serve takes it (listed upper-case). */
  method?: FaultMethod | Lowercase<FaultMethod>;
  /** A path template of the document (`/v1/vehicles/{id}`) or a concrete path. */
  path?: string;
  /** Faults this many matching requests, then the rule is spent (1..1000000; default no limit). */
  times?: number;
  /** Lets this many matching requests through first (0..1000000). */
  after?: number;
  /** 0..1, drawn from the world's own seeded stream (default 1). */
  probability?: number;
  /** Retry-After seconds of rate_limited and unavailable (0..3600, default 1). */
  retryAfter?: number;
  /** Real-time delay of `delay` (1..60000). */
  delayMs?: number;
  /** `before` (default): nothing is processed; `after`: the request is processed, its answer lost. */
  when?: 'before' | 'after';
}

export interface FaultRuleView extends Required<Pick<FaultRule, 'effect' | 'after' | 'probability' | 'when'>> {
  id: string;
  operation: PartnerOperationId | null;
  method: FaultMethod | null;
  path: string | null;
  times: number | null;
  retryAfter: number | null;
  delayMs: number | null;
  hits: number;
  remaining: number | null;
}

/** A rule as made, whose counters are read live from the testbed. */
export interface AddedFault extends Omit<FaultRuleView, 'hits' | 'remaining'> {
  /** How many requests the rule has faulted so far. */
  hits(): Promise<number>;
  /** Faults it has left (null: no limit). */
  remaining(): Promise<number | null>;
  remove(): Promise<void>;
}

/** A world's own platform faults, as set: a platform that does not fail for it is absent. */
export type WorldPlatformFaults = Partial<Record<Platform, { mode: 'error' | 'slow'; ms: number }>>;

export interface WorldFaults {
  /** This world's own platform fault: `platform` answers after `ms` (default 30000) for this world alone, until `none`. */
  (platform: Platform, mode: 'slow', ms?: number): Promise<{ platform: Platform; mode: FaultMode; ms: number }>;
  /** This world's own platform fault: `platform` fails (`error`) for this world alone, or no longer (`none`); `ms` goes with `slow` only. */
  (platform: Platform, mode: FaultMode): Promise<{ platform: Platform; mode: FaultMode; ms: number }>;
  /** A fault rule on this world's requests; rules are tried in the order they were made. */
  add(rule: FaultRule): Promise<AddedFault>;
  /** The world's rules, in the order they were made, with their counters. */
  list(): Promise<FaultRuleView[]>;
  /** The platforms that fail for this world alone now (`faults(platform, …)`), by platform; `{}` when none does. */
  platforms(): Promise<WorldPlatformFaults>;
  /** Removes every rule and platform fault of the world. */
  clear(): Promise<{ deleted: number }>;
}

/** `world.faults`: the world's fault rules and platform faults over the control API. */
export function worldFaults(call: ControlCall, tenantId: string): WorldFaults {
  const base = `/tenants/${encodeURIComponent(tenantId)}/faults`;
  const read = () => call<{ data: FaultRuleView[]; platforms: WorldPlatformFaults }>('GET', base);
  // A rule removed since is the control API's 404 (NOT_FOUND: `La regla de falla flt_1 de este mundo no existe.`).
  const current = (id: string) => call<FaultRuleView>('GET', `${base}/${encodeURIComponent(id)}`);
  const setPlatform = async (platform: Platform, mode: FaultMode, ms?: number) => {
    // Called with nothing, the body was `{}`, and the testbed answered about a rule's effect.
    if (platform === undefined) {
      throw new TestbedError(400, { code: 'VALIDATION', message: 'faults(platform, mode) necesita la plataforma: platform_a o platform_b (una regla sobre la API: faults.add({ effect, … }))' });
    }
    return call<{ platform: Platform; mode: FaultMode; ms: number }>('POST', base, { platform, mode, ms });
  };
  return Object.assign(setPlatform, {
    async add(rule: FaultRule): Promise<AddedFault> {
      // Sent as it is, `null` was "the body must be a JSON object": a body the caller never wrote.
      if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
        throw new TestbedError(400, { code: 'VALIDATION', message: `faults.add admite un objeto, la regla (effect, operation, method, path…); recibió ${givenValue(rule)}` });
      }
      const { hits: _hits, remaining: _remaining, ...made } = await call<FaultRuleView>('POST', base, rule);
      return {
        ...made,
        hits: async () => (await current(made.id)).hits,
        remaining: async () => (await current(made.id)).remaining,
        remove: async () => void (await call('DELETE', `${base}/${encodeURIComponent(made.id)}`)),
      };
    },
    list: async () => (await read()).data,
    platforms: async () => (await read()).platforms,
    clear: () => call<{ deleted: number }>('DELETE', base),
  });
}
