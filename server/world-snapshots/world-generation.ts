import { checkStateSeen, type StateHeader } from '../snapshots/generation.ts';

/**
 * The header naming the state of one world a piece of work started on: `rides generate` answers
 * carry their world's, and a call that sends it back is refused with 409 CONFLICT once a restore of
 * that world has replaced that state, as `x-testbed-generation` is for a reset or a whole restore
 * (snapshots/generation.ts). Work made of several calls (the CLI's `rides generate` in chunks) so
 * fails loudly instead of finishing with a hole: the chunks before the restore went with it.
 */
export const WORLD_GENERATION_HEADER = 'x-testbed-world-generation';
const WORLD_STATE: StateHeader = {
  name: WORLD_GENERATION_HEADER, shape: /^\d{1,15}$/, example: '0',
  replaced: 'El mundo se restauró mientras este trabajo seguía en curso: lo hecho antes ya no está en él. Vuelve a ejecutarlo.',
};

/** How many times each world has been restored (in memory: a restart changes the testbed's generation). */
export function createWorldGenerations() {
  const restores = new Map<string, number>();
  const of = (tenantId: string): string => String(restores.get(tenantId) ?? 0);
  return {
    of,
    restored: (tenantId: string): void => void restores.set(tenantId, (restores.get(tenantId) ?? 0) + 1),
    forget: (tenantId: string): void => void restores.delete(tenantId),
    forgetAll: (): void => restores.clear(),
    /**
     * The world's current generation, once `seen` (the header sent, if any) is that one: called with
     * the world's gate held, so no restore comes between the check and the work.
     */
    check(tenantId: string, seen: string | undefined): string {
      const current = of(tenantId);
      checkStateSeen(WORLD_STATE, seen, current);
      return current;
    },
  };
}

export type WorldGenerations = ReturnType<typeof createWorldGenerations>;
