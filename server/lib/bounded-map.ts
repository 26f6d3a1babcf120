/**
 * Deleted worlds whose id counters are kept (journal entries, fault rules): a whole restore bringing
 * back one deleted longer ago starts its ids again.
 */
export const DELETED_WORLDS_KEPT = 10_000;

/**
 * Sets `key` as the newest entry of `map`, then lets the oldest go past `max`: what a testbed keeps
 * of its deleted worlds (their id counters) until a reset, on a serve that makes and deletes a
 * world per test for days.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
