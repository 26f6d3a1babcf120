import type { Db } from '../db/open.ts';
import type { Clock, SimClock } from './clock.ts';

/**
 * Every world's simulated time (contract §4, "Clocks"). A tenant is a world: its time is the service
 * time plus its own offset (0 at creation), so `clock advance` moves every world and
 * `clock advance --tenant` moves one. What happens in a tenant's world reads `forTenant(id)`; the
 * service clock alone is for what belongs to no tenant (the clock's own state, new tenants).
 */
export interface Clocks {
  /** Service time: the base of every world, kept in `clock_state`. */
  readonly service: SimClock;
  /** The tenant's time, read live: an advance shows at the next now(). An unknown tenant has offset 0. */
  forTenant(tenantId: string): Clock;
  /** The tenant's offset over service time, or null when there is no such tenant. */
  offsetOf(tenantId: string): number | null;
  /** Stores a tenant's new offset; the caller has told the simulators first (clock/service.ts). */
  setOffset(tenantId: string, offsetMs: number): void;
  /** The offsets that are not 0, by tenant: what the simulators must know of every world. */
  offsets(): Record<string, number>;
  /** Changes whenever any world's time moves, so that pollers (ride ingestion) notice an advance. */
  position(): string;
  /** Changes whenever this world's time moves (the service time or its offset): which world it was. */
  positionOf(tenantId: string): string;
}

/**
 * The offsets are read from the tenants table at every now(), not cached: a primary-key lookup costs
 * about a microsecond, and no reset, restore or other process writing the data dir can then leave a
 * world reading a stale time.
 */
export function createClocks(db: Db, service: SimClock): Clocks {
  const offsetOf = db.prepare('SELECT clock_offset_ms FROM tenants WHERE id = ?').pluck();
  const setOffset = db.prepare('UPDATE tenants SET clock_offset_ms = ? WHERE id = ?');
  const moved = db.prepare('SELECT id, clock_offset_ms FROM tenants WHERE clock_offset_ms <> 0 ORDER BY id').raw();
  const totals = db.prepare('SELECT count(*), coalesce(sum(clock_offset_ms), 0) FROM tenants WHERE clock_offset_ms <> 0').raw();
  const offset = (tenantId: string) => (offsetOf.get(tenantId) as number | undefined) ?? null;

  return {
    service,
    forTenant(tenantId) {
      const nowMs = () => service.nowMs() + (offset(tenantId) ?? 0);
      return { nowMs, now: () => new Date(nowMs()) };
    },
    offsetOf: offset,
    setOffset(tenantId, offsetMs) {
      setOffset.run(offsetMs, tenantId);
    },
    offsets() {
      return Object.fromEntries(moved.all() as [string, number][]);
    },
    position() {
      const state = service.getState();
      return `${state.frozenAtMs}|${state.offsetMs}|${(totals.get() as number[]).join('|')}`;
    },
    positionOf(tenantId) {
      const state = service.getState();
      return `${state.frozenAtMs}|${state.offsetMs + (offset(tenantId) ?? 0)}`;
    },
  };
}
