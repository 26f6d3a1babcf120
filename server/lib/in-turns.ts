import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Items made in one go before the event loop gets a turn: the API answers every world from one
 * thread, and a 500-vehicle fixture made in one go held every other world's requests for ~0.25 s
 * (over 1 s on a loaded machine, and serve's stop with them).
 */
export const MADE_IN_ONE_GO = 25;

/**
 * `make(0)` … `make(n - 1)`, in order, with a turn of the event loop after every MADE_IN_ONE_GO;
 * `between` runs at each turn (a stop's check, say) and may throw to end the making there. `each`
 * runs each go's makes, all of them synchronously: a caller's one transaction for them, say.
 */
export async function makeInTurns<R>(n: number, make: (i: number) => R, between: () => void = () => undefined,
  each: (go: () => void) => void = (go) => go()): Promise<R[]> {
  const made: R[] = [];
  for (let start = 0; start < n; start += MADE_IN_ONE_GO) {
    if (start > 0) {
      await nextTurn();
      between();
    }
    each(() => {
      for (let i = start; i < Math.min(n, start + MADE_IN_ONE_GO); i++) made.push(make(i));
    });
  }
  return made;
}
