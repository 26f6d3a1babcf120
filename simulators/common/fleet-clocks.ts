import type { SimClock } from '../../server/lib/clock.ts';
import type { SimDb } from '../db.ts';
import { createFleetDueStore } from './fleet-due.ts';

/**
 * Each fleet's simulated now at one service instant: what a due run reads. A fleet is an API tenant
 * (a world, contract §4): its time is the service time plus the offset the API pushed for it.
 */
export interface FleetTime {
  readonly serviceMs: number;
  /**
   * The furthest now among the fleets visited. Offsets never go below 0, so whatever is due in one of
   * them is due by then: queries look up to it (an index range, as with one clock), then each row is
   * held to its own fleet's now.
   */
  readonly latestMs: number;
  /** The fleets this run visits (those found due): work of any other fleet waits for its own run. */
  readonly fleets: readonly string[];
  visits(fleetId: string): boolean;
  of(fleetId: string): number;
}

/**
 * The simulators' side of the worlds' clocks: the service clock the API pushes, plus one offset per
 * fleet whose clock the API moved on its own (`fleet_clocks`, kept across restarts; a fleet not
 * there is at offset 0). Read from the database, not cached, so nothing can go stale behind it.
 */
export function createFleetClocks(db: SimDb, service: SimClock) {
  const offsetOf = db.prepare('SELECT offset_ms FROM fleet_clocks WHERE fleet_id = ?').pluck();
  const all = db.prepare('SELECT fleet_id, offset_ms FROM fleet_clocks ORDER BY fleet_id').raw();
  const upsert = db.prepare(`INSERT INTO fleet_clocks (fleet_id, offset_ms) VALUES (?, ?)
    ON CONFLICT (fleet_id) DO UPDATE SET offset_ms = excluded.offset_ms`);
  const clear = db.prepare('DELETE FROM fleet_clocks');
  const offset = (fleetId: string) => (offsetOf.get(fleetId) as number | undefined) ?? 0;
  const due = createFleetDueStore(db);

  /** A due run reads the same fleets again and again: each one's now is looked up once per run. */
  function at(serviceMs: number, fleets: readonly string[] = []): FleetTime {
    const memo = new Map<string, number>();
    const of = (fleetId: string) => {
      let nowMs = memo.get(fleetId);
      if (nowMs === undefined) memo.set(fleetId, (nowMs = serviceMs + offset(fleetId)));
      return nowMs;
    };
    const visited = new Set(fleets);
    return { serviceMs, fleets, latestMs: Math.max(serviceMs, ...fleets.map(of)), visits: (f) => visited.has(f), of };
  }
  const setOffset = (fleetId: string, offsetMs: number) => {
    if (offset(fleetId) === offsetMs) return;
    upsert.run(fleetId, offsetMs);
    due.markDue(fleetId);
  };

  return {
    service,
    at,
    /** The fleet's simulated now: what a request about one of its records is stamped with. */
    nowFor: (fleetId: string) => service.nowMs() + offset(fleetId),
    offsets: () => Object.fromEntries(all.all() as [string, number][]),
    /** Moves one fleet's clock; a fleet whose time moved is due (fleet-due.ts). */
    setOffset,
    /** Every fleet's offset at once (the API's full list, at its start): fleets not named go back to 0. */
    replaceAll: db.transaction((offsets: Record<string, number>) => {
      const before = Object.fromEntries(all.all() as [string, number][]);
      clear.run();
      for (const [fleetId, offsetMs] of Object.entries(offsets)) upsert.run(fleetId, offsetMs);
      for (const fleetId of new Set([...Object.keys(before), ...Object.keys(offsets)])) {
        if ((before[fleetId] ?? 0) !== (offsets[fleetId] ?? 0)) due.markDue(fleetId);
      }
    }),
  };
}

export type FleetClocks = ReturnType<typeof createFleetClocks>;

/** Of rows found due by the furthest fleet's now, those of the fleets visited due by their own fleet's now, in order. */
export function dueInTheirFleet<T extends { fleet_id: string }>(time: FleetTime, rows: T[], dueAtMs: (row: T) => number): T[] {
  return rows.filter((row) => time.visits(row.fleet_id) && dueAtMs(row) <= time.of(row.fleet_id));
}
