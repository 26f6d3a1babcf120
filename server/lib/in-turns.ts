import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Items made in one go before the event loop gets a turn: the API answers every world from one
 * thread, and a 500-vehicle fixture made in one go held every other world's requests for ~0.25 s
 * (over 1 s on a loaded machine, and serve's stop with them).
 */
export const MADE_IN_ONE_GO = 25;

/**
 * `make(0)` … `make(n - 1)`, in order, with a turn of the event loop after every MADE_IN_ONE_GO;
 * `between` runs at each turn (a stop's check, say) and may throw to end the making there.
 */
export async function makeInTurns<R>(n: number, make: (i: number) => R, between: () => void = () => undefined): Promise<R[]> {
  const made: R[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % MADE_IN_ONE_GO === 0) {
      await nextTurn();
      between();
    }
    made.push(make(i));
  }
  return made;
}
