import type { Clocks } from '../lib/clocks.ts';
import { createRetryDelays } from '../sync/retry-delays.ts';

/** The least real time between two window re-reads while simulated time only follows real time. */
export const RESYNC_EVERY_REAL_MS = 15_000;

/** Where a world's time stood when a read saw it, and the real instant. */
export type Seen = { position: string; realMs: number };

/**
 * Which worlds the background ingestion should read again. Nothing in a world changes unless its
 * simulated time moves: after an advance of its clock (or of the service time) it is read at once;
 * a frozen world is not read again; one whose clock follows real time is read every 15 real seconds,
 * since re-reading every tenant's unsettled platform_b window at each sync tick (every second) would
 * keep a big fleet's API busy. An advance of one tenant's clock re-reads that world alone: on a
 * testbed serving many worlds side by side, each advance would otherwise re-read all of them. Real
 * time here protects the process (contract §1: two kinds of time).
 */
export function createSyncThrottle(clocks: Clocks, realNowMs: () => number) {
  let lastRun: Seen | null = null;
  const lastRead = new Map<string, Seen>();
  // Worlds whose read failed: read again by the background once their delay is over.
  const delays = createRetryDelays(realNowMs);

  /** Whether time moved (or flowed 15 real seconds) between `before` and `now`; never seen counts as moved. */
  const moved = (before: Seen | null | undefined, now: Seen): boolean =>
    before == null ||
    now.position !== before.position ||
    (clocks.service.getState().frozenAtMs === null && now.realMs - before.realMs >= RESYNC_EVERY_REAL_MS);

  return {
    /**
     * The worlds among these tenants worth reading now: none when no world's time moved since the
     * last run; otherwise those whose own time moved, and those not seen before. Tenants no longer
     * among them (deleted) are forgotten. A world whose read failed is left for later until its delay
     * is over (`retry`), unless `waitRetries` is false (a run asked for, not the background's).
     */
    dueAmong(tenantIds: readonly string[], { waitRetries = true }: { waitRetries?: boolean } = {}): Set<string> {
      const run = { position: clocks.position(), realMs: realNowMs() };
      if (!moved(lastRun, run) && !delays.anyDue(waitRetries ? run.realMs : Infinity)) return new Set();
      lastRun = run;
      const present = new Set(tenantIds);
      for (const tenantId of lastRead.keys()) if (!present.has(tenantId)) lastRead.delete(tenantId);
      delays.keepOnly(present);
      return new Set(
        tenantIds.filter((tenantId) => {
          if (waitRetries && delays.waiting(tenantId, run.realMs)) return false;
          const now = { position: clocks.positionOf(tenantId), realMs: run.realMs };
          if (!moved(lastRead.get(tenantId), now)) return false;
          lastRead.set(tenantId, now);
          return true;
        }),
      );
    },
    /**
     * One world, after an advance of its own clock: itself, whatever its last read says; the others
     * are left as they were. A background run that listed the world after the move had already set
     * its last read to the new time, though it read the world only later in its run: the advance
     * then found nothing due and answered before that day's rides could be read (one run in ~25 with
     * four test files side by side). Read again, they are the same rows (ingestion is idempotent).
     */
    dueOne(tenantId: string): Set<string> {
      lastRead.set(tenantId, { position: clocks.positionOf(tenantId), realMs: realNowMs() });
      return new Set([tenantId]);
    },
    /** Where the world's time stands now: taken as a read of the whole world begins. */
    seenNow: (tenantId: string): Seen => ({ position: clocks.positionOf(tenantId), realMs: realNowMs() }),
    /**
     * The world was read whole from `seen` on (a fixture's build), as a run would have read it then:
     * a move of its time since `seen` still makes it due.
     */
    read(tenantId: string, seen: Seen): void {
      lastRead.set(tenantId, seen);
    },
    /**
     * A world that could not be read whole: a background run reads it again, whatever its clock did,
     * once its delay is over (1, 2, 4… s up to 30 s: a world whose platform times out, read at every
     * run, made each run long and the other worlds' advances wait). An advance of it reads it at once.
     */
    retry(tenantId: string, since?: number): void {
      delays.failed(tenantId, since);
      lastRun = null;
      lastRead.delete(tenantId);
    },
    /** The world was read whole: a later failure starts from the shortest delay again. */
    readWhole: delays.succeeded,
    /** Taken as a run's reads begin (retry-delays.ts `begin`). */
    begin: delays.begin,
    /** The world's last read, saved with a copy of it (world snapshots): it goes with its rows. */
    lastReadOf: (tenantId: string): Seen | undefined => lastRead.get(tenantId),
    /**
     * The world put back as it was, with the last read saved with it; a copy saved before any read
     * counts as read at the time it brings back (its rides are read from where its rows say, at the
     * next move). Kept as it was, a read at a time the world has since gone back before would make
     * the same advance again look like no move at all, and that day's rides would never be read.
     */
    putLastRead(tenantId: string, seen: Seen | undefined): void {
      lastRead.set(tenantId, seen ?? { position: clocks.positionOf(tenantId), realMs: realNowMs() });
    },
    /** Every world replaced (a reset, a whole restore): each is read again by the next run. */
    forgetAll(): void {
      lastRun = null;
      lastRead.clear();
      delays.clear();
    },
  };
}
