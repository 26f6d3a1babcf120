import type { SimClock } from '../../server/lib/clock.ts';
import type { SimDb } from '../db.ts';

/**
 * Each fleet's simulated now at one service instant: what a due run reads. A fleet is an API tenant
 * (a world, contract §4): its time is the service time plus the offset the API pushed for it.
 */
export interface FleetTime {
  readonly serviceMs: number;
  /**
   * The furthest fleet's now. Offsets never go below 0, so whatever is due in some fleet is due by
   * then: queries look up to it (an index range, as with one clock), then each row is held to its
   * own fleet's now.
   */
  readonly latestMs: number;
  of(fleetId: string): number;
}

/**
 * The simulators' side of the worlds' clocks: the service clock the API pushes, plus one offset per
 * fleet whose clock the API moved on its own (`fleet_clocks`, kept across restarts; a fleet not
 * there is at offset 0). Read from the database, not cached, so nothing can go stale behind it.
 */
export function createFleetClocks(db: SimDb, service: SimClock) {
  const offsetOf = db.prepare('SELECT offset_ms FROM fleet_clocks WHERE fleet_id = ?').pluck();
  const maxOffset = db.prepare('SELECT coalesce(max(offset_ms), 0) FROM fleet_clocks').pluck();
  const all = db.prepare('SELECT fleet_id, offset_ms FROM fleet_clocks ORDER BY fleet_id').raw();
  const upsert = db.prepare(`INSERT INTO fleet_clocks (fleet_id, offset_ms) VALUES (?, ?)
    ON CONFLICT (fleet_id) DO UPDATE SET offset_ms = excluded.offset_ms`);
  const clear = db.prepare('DELETE FROM fleet_clocks');
  const offset = (fleetId: string) => (offsetOf.get(fleetId) as number | undefined) ?? 0;

  /** A due run reads the same fleets again and again: each one's now is looked up once per run. */
  function at(serviceMs: number): FleetTime {
    const memo = new Map<string, number>();
    return {
      serviceMs,
      latestMs: serviceMs + (maxOffset.get() as number),
      of(fleetId) {
        let nowMs = memo.get(fleetId);
        if (nowMs === undefined) memo.set(fleetId, (nowMs = serviceMs + offset(fleetId)));
        return nowMs;
      },
    };
  }

  return {
    service,
    at,
    /** The fleet's simulated now: what a request about one of its records is stamped with. */
    nowFor: (fleetId: string) => service.nowMs() + offset(fleetId),
    offsets: () => Object.fromEntries(all.all() as [string, number][]),
    setOffset: (fleetId: string, offsetMs: number) => void upsert.run(fleetId, offsetMs),
    /** Every fleet's offset at once (the API's full list, at its start): fleets not named go back to 0. */
    replaceAll: db.transaction((offsets: Record<string, number>) => {
      clear.run();
      for (const [fleetId, offsetMs] of Object.entries(offsets)) upsert.run(fleetId, offsetMs);
    }),
  };
}

export type FleetClocks = ReturnType<typeof createFleetClocks>;

/** Of rows found due by the furthest fleet's now, those due by their own fleet's now, in order. */
export function dueInTheirFleet<T extends { fleet_id: string }>(time: FleetTime, rows: T[], dueAtMs: (row: T) => number): T[] {
  return rows.filter((row) => dueAtMs(row) <= time.of(row.fleet_id));
}
