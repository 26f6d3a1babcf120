import { sha256 } from '../lib/sha256.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { shortened } from '../common/schemas.ts';
import { OPERATIONS } from '../openapi/operations.ts';
import { createTenantStore } from '../tenants/store.ts';
import { createOperationCatalog, samePath, type RequestOperation } from './operations.ts';
import { FaultRuleInput, type FaultRuleView } from './schema.ts';
import { PlatformFaultBody } from '../platforms/fault-body.ts';
import { createFaultStore, type FaultRule, type WorldFaults } from './store.ts';

/** A rule's Retry-After when it names none (contract §5); a platform's own 503s say FLEET_RETRY_AFTER_S. */
const DEFAULT_RULE_RETRY_AFTER_S = 1;
/**
 * A slow platform fault's ms when none is given, as the simulators' own slow fault's
 * (simulators/common/faults.ts): long enough to time out at the API's default limit.
 */
export const DEFAULT_SLOW_MS = 30_000;

/**
 * A number in [0, 1) at a position of a world's stream. Keyed by the testbed seed and the position
 * only, not the tenant id: two worlds made the same way meet the same faults, whatever other
 * worlds ran before them on the same serve, and a replay on a new data dir does too.
 */
function drawAt(seed: number, position: number): number {
  const digest = sha256(`${seed}:fault-draw:${position}`);
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export function toView(rule: FaultRule): FaultRuleView {
  const { matched: _matched, ...shown } = rule;
  return { ...shown, remaining: rule.times === null ? null : Math.max(0, rule.times - rule.hits) };
}

/**
 * Fault rules per world (contract §5): made, listed and removed through the control API, and
 * picked for each of the world's requests by the fault gate (middleware.ts).
 */
export function createFaultService(deps: Pick<Deps, 'db' | 'seed'>) {
  const store = createFaultStore();
  const tenants = createTenantStore(deps.db);
  const catalog = createOperationCatalog(OPERATIONS);

  /** The world's rule and where it stands in its list; 404 for an unknown tenant or rule. */
  function ruleOf(tenantId: string, faultId: string) {
    tenants.requireTenant(tenantId);
    const world = store.get(tenantId);
    const at = world?.rules.findIndex((r) => r.id === faultId) ?? -1;
    // Named: a rule of another world, or one cleared by a restore, is a common slip with many worlds at once.
    if (!world || at < 0) throw notFound(`La regla de falla ${shortened(faultId)} de este mundo`);
    return { world, at };
  }

  function add(tenantId: string, body: unknown): FaultRuleView {
    tenants.requireTenant(tenantId);
    const input = FaultRuleInput.parse(body);
    catalog.requireRuleTargets(input);
    const world = store.ensure(tenantId);
    const waits = input.effect === 'rate_limited' || input.effect === 'unavailable';
    const rule: FaultRule = {
      id: `flt_${world.nextId++}`, effect: input.effect, operation: input.operation ?? null, method: input.method ?? null,
      path: input.path === undefined ? null : catalog.spelling(input.path), times: input.times ?? null, after: input.after, probability: input.probability,
      retryAfter: waits ? (input.retryAfter ?? DEFAULT_RULE_RETRY_AFTER_S) : null, delayMs: input.delayMs ?? null,
      when: input.when, matched: 0, hits: 0,
    };
    world.rules.push(rule);
    return toView(rule);
  }

  function applies(rule: FaultRule, method: string, path: string, operation: () => RequestOperation | null): boolean {
    if (rule.method !== null && rule.method !== (method === 'HEAD' ? 'GET' : method)) return false;
    if (rule.operation !== null) return operation()?.operationId === rule.operation;
    if (rule.path === null) return true;
    if (rule.path.includes('{')) return catalog.templateOf(path, operation())?.toLowerCase() === rule.path.toLowerCase();
    return samePath(path, rule.path);
  }

  /** Counts the request against the rules in order; the first that fires is answered, and counted as a hit. */
  function fire(world: WorldFaults, method: string, path: string): FaultRule | null {
    let resolved: RequestOperation | null | undefined;
    const operation = () => (resolved === undefined ? (resolved = catalog.of(method, path)) : resolved);
    for (const rule of world.rules) {
      if (rule.times !== null && rule.hits >= rule.times) continue;
      if (!applies(rule, method, path, operation)) continue;
      if (++rule.matched <= rule.after) continue;
      if (rule.probability < 1 && (rule.probability === 0 || drawAt(deps.seed, world.draws++) >= rule.probability)) continue;
      rule.hits++;
      return rule;
    }
    return null;
  }

  return {
    catalog,
    add,
    /** The rule that answers this request of the world, or null; one map lookup for a world without rules. */
    pick(tenantId: string, method: string, path: string): FaultRule | null {
      const world = store.get(tenantId);
      return world === undefined || world.rules.length === 0 ? null : fire(world, method, path);
    },
    list(tenantId: string) {
      tenants.requireTenant(tenantId);
      const world = store.get(tenantId);
      const platforms = Object.fromEntries(world?.platforms ?? []);
      return { data: (world?.rules ?? []).map(toView), platforms };
    },
    /** One rule with its counters now (what a test reads its hits from). */
    get(tenantId: string, faultId: string): FaultRuleView {
      const { world, at } = ruleOf(tenantId, faultId);
      return toView(world.rules[at]);
    },
    remove(tenantId: string, faultId: string): { id: string; deleted: true } {
      const { world, at } = ruleOf(tenantId, faultId);
      world.rules.splice(at, 1);
      return { id: faultId, deleted: true };
    },
    /** Every rule and platform fault of the world; its probability stream starts again. */
    clear(tenantId: string): { deleted: number } {
      tenants.requireTenant(tenantId);
      const world = store.get(tenantId);
      if (!world) return { deleted: 0 };
      const deleted = world.rules.length + world.platforms.size;
      world.rules = [];
      world.draws = 0;
      store.setPlatform(tenantId, 'platform_a', null);
      store.setPlatform(tenantId, 'platform_b', null);
      return { deleted };
    },
    setPlatform(tenantId: string, body: unknown) {
      tenants.requireTenant(tenantId);
      const { platform, mode, ms } = PlatformFaultBody.parse(body);
      const wait = mode === 'slow' ? (ms ?? DEFAULT_SLOW_MS) : 0;
      store.setPlatform(tenantId, platform, mode === 'none' ? null : { mode, ms: wait });
      return { platform, mode, ms: wait };
    },
    platformFault: (tenantId: string, platform: 'platform_a' | 'platform_b') => store.get(tenantId)?.platforms.get(platform),
    hasPlatformFaults: store.hasPlatformFaults,
    forget: store.forget,
    clearAll: store.clearAll,
  };
}

export type FaultService = ReturnType<typeof createFaultService>;
