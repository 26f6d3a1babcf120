import { bodyBytesOf, dropBodies, settle } from './capture.ts';
import { DELETED_WORLDS_KEPT, setNewest } from '../lib/bounded-map.ts';
import type { JournalRecord, StoredEntry } from './entry.ts';

/** The entries a world keeps (contract §5): over the bound, their bodies go before they do, as long as bodiless entries fit. */
export const KEPT_ENTRIES = 1000;

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
   * The oldest entry that still has a body gives it up, never the newest entry's; the change of the
   * count (negative), 0 when none has one left.
   */
  dropBodiesOfOldest(): number {
    let delta = 0;
    let i = Math.max(this.slimmed, this.head);
    for (; i < this.entries.length - 1 && delta === 0; i++) delta = dropBodies(this.entries[i]);
    this.slimmed = Math.max(this.slimmed, i);
    this.bytes += delta;
    return delta;
  }

  /** What the world's newest entry counts (0 for none): what it keeps when it gives up every other. */
  newestBytes(): number {
    return this.size > 0 ? this.entries[this.entries.length - 1].bytes : 0;
  }

  /** What this world's bodies count, but its newest entry's: what dropBodiesOfOldest could free. */
  bodyBytes(): number {
    let bytes = 0;
    for (let i = Math.max(this.slimmed, this.head); i < this.entries.length - 1; i++) bytes += bodyBytesOf(this.entries[i]);
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
 * once over maxBytes, what shrinkTo gives up goes, down to 90 % of the bound so that its passes over
 * every world are paid once per many appends, not at each one.
 */
export function createJournalStore({ maxBytes }: JournalStoreOptions) {
  const worlds = new Map<string, WorldJournal>();
  let totalBytes = 0;
  // Counts the journals' losses (a world's deletion, a reset, a whole restore, a clearing): a request
  // in its world (let in: journal/capture.ts) across one of its world's is journaled nowhere
  // (`droppedSince`), not in the journal after it.
  let losses = 0;
  let allLostAt = 0;
  // When each world's journal was last cleared (`clear`: DELETE …/requests, a restore's clearRequests):
  // a request of before it, answered after it (one a `delay` rule held while a test timed its client
  // out), is not what the code of the test that cleared it sent.
  const clearedAt = new Map<string, number>();
  // Deleted worlds until the next reset: when they went, and the id their journal would give next
  // (a whole restore that brings one back goes on from there: an id kept from before names nothing new).
  const gone = new Map<string, { at: number; nextSeq: number }>();

  function dropOldestOf(journal: WorldJournal): void {
    const before = journal.bytes;
    journal.dropOldest();
    totalBytes -= before - journal.bytes;
  }

  /**
   * The highest level at which what the journals can give above it (each at most `can(journal)`)
   * covers `excess`; -1 when even all they can give does not. Found by halving: each try is one pass
   * over the worlds, not a scan of them per entry (at 5,000 worlds that was over a second for one append).
   */
  function levelFor(journals: WorldJournal[], excess: number, can: (journal: WorldJournal) => number): number {
    const givenAt = (level: number) => journals.reduce((sum, journal) => sum + Math.min(can(journal), Math.max(0, journal.bytes - level)), 0);
    if (givenAt(0) < excess) return -1;
    let level = 0;
    let above = 0;
    for (const journal of journals) above = Math.max(above, journal.bytes);
    while (above - level > 1) {
      const middle = (level + above) / 2;
      if (givenAt(middle) >= excess) level = middle;
      else above = middle;
    }
    return level;
  }

  /**
   * The largest journals brought down to one level by their oldest entries, each keeping its newest.
   * Only when even their newest entries alone pass the bound (tens of thousands of worlds) do the
   * largest journals go whole.
   */
  function levelTo(target: number): void {
    const journals = [...worlds.values()];
    const level = levelFor(journals, totalBytes - target, (journal) => journal.bytes - journal.newestBytes());
    if (level >= 0) {
      for (const journal of journals) while (journal.bytes > level && journal.size > 1 && totalBytes > target) dropOldestOf(journal);
      return;
    }
    for (const journal of journals) while (journal.size > 1) dropOldestOf(journal);
    const largestFirst = journals.filter((journal) => journal.size > 0).sort((a, b) => b.bytes - a.bytes);
    for (const journal of largestFirst) while (journal.size > 0 && totalBytes > target) dropOldestOf(journal);
  }

  /**
   * Bodies of the oldest entries, never those of a world's newest entry: the largest journals
   * brought down to one level, as far as their bodies go. The level is found by halving (each try a
   * pass over the worlds), not by a scan of them per body given up.
   */
  function dropBodiesTo(target: number, bodies: Map<WorldJournal, number>): void {
    const journals = [...bodies.keys()].filter((journal) => bodies.get(journal)! > 0);
    const level = Math.max(0, levelFor(journals, totalBytes - target, (journal) => bodies.get(journal)!));
    for (const journal of journals) {
      while (journal.bytes > level && totalBytes > target) {
        const delta = journal.dropBodiesOfOldest();
        if (delta === 0) break;
        totalBytes += delta;
      }
    }
  }

  /**
   * In order: the entries past a world's newest KEPT_ENTRIES, oldest first, the largest journals
   * first. Then, when the entries without their bodies fit, bodies: from the largest journal, its
   * oldest entries' first, a world's very newest never (the request just made keeps what it sent and
   * got). Otherwise (many worlds) whole entries: the largest journals brought down to one level (levelTo).
   */
  function shrinkTo(target: number): void {
    const long = [...worlds.values()].filter((journal) => journal.size > KEPT_ENTRIES).sort((a, b) => b.bytes - a.bytes);
    for (const journal of long) while (journal.size > KEPT_ENTRIES && totalBytes > target) dropOldestOf(journal);
    if (totalBytes <= target) return;
    // What each world's bodies count, read once: whether giving them up is enough, then how.
    const bodies = new Map([...worlds.values()].map((journal) => [journal, journal.bodyBytes()]));
    const allBodies = [...bodies.values()].reduce((sum, bytes) => sum + bytes, 0);
    if (totalBytes - allBodies <= target) return dropBodiesTo(target, bodies);
    levelTo(target);
  }

  return {
    /** Appends a capture or an entry (its seq, and so its id, given here) to a world's journal. */
    append(tenantId: string, entry: JournalRecord): JournalRecord {
      let journal = worlds.get(tenantId);
      if (!journal) {
        worlds.set(tenantId, (journal = new WorldJournal()));
        journal.nextSeq = gone.get(tenantId)?.nextSeq ?? 1;
        gone.delete(tenantId);
      }
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
    nextSeq: (tenantId: string): number => worlds.get(tenantId)?.nextSeq ?? gone.get(tenantId)?.nextSeq ?? 1,

    /** How many losses the journals have had: a request notes it as it is let into its world. */
    losses: (): number => losses,
    /** Whether the world's journal was lost (deleted, reset, restored, cleared) after the request that noted `since` was let into its world. */
    droppedSince: (tenantId: string, since: number): boolean =>
      Math.max(allLostAt, gone.get(tenantId)?.at ?? 0, clearedAt.get(tenantId) ?? 0) > since,

    /**
     * Empties one world's journal, the requests under way in it included; its ids go on increasing, so
     * a page cursor never names a new entry.
     */
    clear(tenantId: string): number {
      clearedAt.set(tenantId, ++losses);
      const journal = worlds.get(tenantId);
      if (!journal) return 0;
      const removed = journal.size;
      totalBytes -= journal.bytes;
      const fresh = new WorldJournal();
      fresh.nextSeq = journal.nextSeq;
      worlds.set(tenantId, fresh);
      return removed;
    },

    /** Forgets a world's entries (deleted, or not in a whole restore); its ids are kept until a reset. */
    drop(tenantId: string): void {
      const journal = worlds.get(tenantId);
      totalBytes -= journal?.bytes ?? 0;
      worlds.delete(tenantId);
      clearedAt.delete(tenantId); // its deletion is the later loss
      setNewest(gone, tenantId, { at: ++losses, nextSeq: journal?.nextSeq ?? gone.get(tenantId)?.nextSeq ?? 1 }, DELETED_WORLDS_KEPT);
    },

    /**
     * A whole-testbed restore: every journal emptied; a world there again goes on counting its ids,
     * whether it was there before or deleted since (clear()). A reset (`restartIds`), the state of a
     * new data dir: every id starts again at 1.
     */
    dropAll(stillThere: (tenantId: string) => boolean, restartIds = false): void {
      for (const tenantId of worlds.keys()) {
        if (stillThere(tenantId)) this.clear(tenantId);
        else this.drop(tenantId);
      }
      if (restartIds) gone.clear();
      clearedAt.clear(); // allLostAt, below, is later than each
      totalBytes = 0;
      allLostAt = ++losses;
    },

    stats: () => ({ totalBytes, worlds: worlds.size, maxBytes }),
  };
}

export type JournalStore = ReturnType<typeof createJournalStore>;
