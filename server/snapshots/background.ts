import type { SyncRunner } from '../sync/runner.ts';

/**
 * Runs `change` between two background sync runs, with the job worker paused: no step of theirs (a
 * platform answer read before, written after) straddles a reset, a restore or a world's rewind. A
 * world's rewind (`tenantId`) waits only for the sync runs that touch that world, and holds only
 * that world's jobs.
 */
export function withBackgroundPaused<T>(sync: SyncRunner, jobs: { pause(tenantId?: string): Promise<() => void> }, change: () => Promise<T>, tenantId?: string): Promise<T> {
  return sync.exclusive(async () => {
    const resume = await jobs.pause(tenantId);
    try {
      return await change();
    } finally {
      resume();
    }
  }, tenantId);
}
