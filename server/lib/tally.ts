/**
 * How many holders each key has: a key counts while one of them still holds it, so two holders at
 * once (a retry beside the first call, two runs of one world) each let go of their own.
 */
export function createTally<K>() {
  const counts = new Map<K, number>();
  return {
    add(key: K): void {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    /** One holder fewer; true when it was the last, and the key no longer counts. */
    remove(key: K): boolean {
      const n = counts.get(key);
      if (n === undefined) return false;
      if (n > 1) counts.set(key, n - 1);
      else counts.delete(key);
      return n === 1;
    },
    /** Every holder gone at once; true when the key counted. */
    clear: (key: K): boolean => counts.delete(key),
    has: (key: K): boolean => counts.has(key),
    /** How many holders the key has (0 for none). */
    count: (key: K): number => counts.get(key) ?? 0,
    /** How many keys count. */
    get size(): number {
      return counts.size;
    },
  };
}
