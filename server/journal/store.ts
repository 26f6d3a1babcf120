import { bodyBytesOf, dropBodies, settle } from './capture.ts';
import type { JournalRecord, StoredEntry } from './entry.ts';

/** The entries a world keeps (contract §5): over the bound, their bodies go before they do, as long as that is enough. */
export const KEPT_ENTRIES = 1000;
/** Entries that give up their bodies per look for the largest journal: one look per entry was a scan of every world each. */
const BODIES_AT_ONCE = 64;
/** A world's newest entries keep their bodies: what a failing test looks at first. */
const WHOLE_NEWEST = 100;

/** Entries of one world, oldest first, in a deque: appends at the end, evictions at the front. */
class WorldJournal {
  private entries: JournalRecord[] = [];
  private head = 0;
  /** Entries before this index have no bodies left to give (dropBodiesOfOldest). */
  private slimmed = 0;
  bytes = 0;
  nextSeq = 1;

  get size(): number {
    return this.entries.length - this.head;
  }

  push(entry: JournalRecord): void {
    this.entries.push(entry);
    this.bytes += entry.bytes;
  }

  dropOldest(): void {
    const entry = this.entries[this.head];
    this.entries[this.head++] = undefined as unknown as JournalRecord;
    this.bytes -= entry.bytes;
    // Compacts once the dead front is half the array: each entry is moved O(1) times on average.
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.slimmed = Math.max(0, this.slimmed - this.head);
      this.head = 0;
    }
  }

  /**
   * The oldest entries that still have a body give them up, up to `count` of them; the change of
   * the count (negative), 0 when none has one left.
   */
  dropBodiesOfOldest(count: number): number {
    let delta = 0;
    let given = 0;
    let i = Math.max(this.slimmed, this.head);
    for (; i < this.entries.length - WHOLE_NEWEST && given < count; i++) {
      const freed = dropBodies(this.entries[i]);
      if (freed !== 0) given++;
      delta += freed;
    }
    this.slimmed = i;
    this.bytes += delta;
    return delta;
  }

  /** What this world's bodies count, but its newest entries': what dropBodiesOfOldest could free. */
  bodyBytes(): number {
    let bytes = 0;
    for (let i = Math.max(this.slimmed, this.head); i < this.entries.length - WHOLE_NEWEST; i++) bytes += bodyBytesOf(this.entries[i]);
    return bytes;
  }

  /**
   * Newest first, each capture settled into its entry as it is reached (once: it replaces the capture).
   * `settled` hears how many bytes each one's count changed by.
   */
  *newestFirst(settled: (delta: number) => void): Generator<StoredEntry> {
    for (let i = this.entries.length - 1; i >= this.head; i--) {
      const record = this.entries[i];
      if (!('raw' in record)) {
        yield record;
        continue;
      }
      const entry = settle(record) as StoredEntry;
      entry.seq = record.seq;
      this.entries[i] = entry;
      this.bytes += entry.bytes - record.bytes;
      settled(entry.bytes - record.bytes);
      yield entry;
    }
  }
}

export interface JournalStoreOptions {
  /** The whole journal's bound (FLEET_JOURNAL_MB), in bytes. */
  maxBytes: number;
}

/**
 * Every world's journal, in memory (docs/decisions.md says why not SQLite). Bounded as a whole:
 * once over maxBytes, what shrinkTo gives up goes, down to 90 % of the bound so that the scans for
 * the largest are paid once per many appends, not at each one.
 */
export function createJournalStore({ maxBytes }: JournalStoreOptions) {
  const worlds = new Map<string, WorldJournal>();
  let totalBytes = 0;

  function largest(among: (journal: WorldJournal) => boolean = () => true): WorldJournal | undefined {
    let found: WorldJournal | undefined;
    for (const journal of worlds.values()) if (among(journal) && (!found || journal.bytes > found.bytes)) found = journal;
    return found;
  }

  function dropOldestOf(journal: WorldJournal): void {
    const before = journal.bytes;
    journal.dropOldest();
    totalBytes -= before - journal.bytes;
  }

  /**
   * In order: the entries past a world's newest KEPT_ENTRIES, oldest first, from the largest such
   * journal; then, when giving up bodies can reach the target, the bodies of the oldest entries
   * (never of a world's newest WHOLE_NEWEST), from the largest journal that still has some;
   * otherwise whole entries again, the oldest of the
   * largest journals, as before there was a floor: many worlds whose entries alone pass the bound
   * keep their newest entries whole rather than every entry bodiless (and no pass strips them all).
   */
  function shrinkTo(target: number): void {
    for (let long = largest((j) => j.size > KEPT_ENTRIES); long && totalBytes > target; long = largest((j) => j.size > KEPT_ENTRIES)) dropOldestOf(long);
    if (totalBytes <= target) return;
    const bodies = new Map([...worlds.values()].map((journal) => [journal, journal.bodyBytes()]));
    const allBodies = [...bodies.values()].reduce((sum, bytes) => sum + bytes, 0);
    if (totalBytes - allBodies <= target) {
      while (totalBytes > target) {
        const journal = largest((j) => (bodies.get(j) ?? 0) > 0);
        if (!journal) return;
        const delta = journal.dropBodiesOfOldest(BODIES_AT_ONCE);
        totalBytes += delta;
        bodies.set(journal, delta === 0 ? 0 : bodies.get(journal)! + delta);
      }
      return;
    }
    for (let journal = largest(); journal && journal.size > 0 && totalBytes > target; journal = largest()) dropOldestOf(journal);
  }

  return {
    /** Appends a capture or an entry (its seq, and so its id, given here) to a world's journal. */
    append(tenantId: string, entry: JournalRecord): JournalRecord {
      let journal = worlds.get(tenantId);
      if (!journal) worlds.set(tenantId, (journal = new WorldJournal()));
      const stored = entry;
      stored.seq = journal.nextSeq++;
      journal.push(stored);
      totalBytes += stored.bytes;
      if (totalBytes > maxBytes) shrinkTo(maxBytes * 0.9);
      return stored;
    },

    /** A world's entries, newest first (empty for a world with none). */
    newestFirst(tenantId: string): Iterable<StoredEntry> {
      return worlds.get(tenantId)?.newestFirst((delta) => void (totalBytes += delta)) ?? [];
    },

    /** The seq the world's next entry gets: every id below it was given once (1 for a world with none yet). */
    nextSeq: (tenantId: string): number => worlds.get(tenantId)?.nextSeq ?? 1,

    /** Empties one world's journal; its ids go on increasing, so a page cursor never names a new entry. */
    clear(tenantId: string): number {
      const journal = worlds.get(tenantId);
      if (!journal) return 0;
      const removed = journal.size;
      totalBytes -= journal.bytes;
      const fresh = new WorldJournal();
      fresh.nextSeq = journal.nextSeq;
      worlds.set(tenantId, fresh);
      return removed;
    },

    /** Forgets a world entirely (deleted, or the whole testbed reset or restored). */
    drop(tenantId: string): void {
      totalBytes -= worlds.get(tenantId)?.bytes ?? 0;
      worlds.delete(tenantId);
    },

    /** Reset or whole-testbed restore: every journal emptied; a world still there goes on counting its ids (clear()). */
    dropAll(stillThere: (tenantId: string) => boolean): void {
      for (const tenantId of worlds.keys()) {
        if (stillThere(tenantId)) this.clear(tenantId);
        else this.drop(tenantId);
      }
      totalBytes = 0;
    },

    stats: () => ({ totalBytes, worlds: worlds.size, maxBytes }),
  };
}

export type JournalStore = ReturnType<typeof createJournalStore>;
