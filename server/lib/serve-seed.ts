import type { Db } from '../db/open.ts';
import { readCounter, setCounter } from '../db/counters.ts';

/** The counter under which serve notes the seed it draws ids and keys with. */
const COUNTER = 'serve:seed';

/**
 * Noted by serve as it starts and after a reset or a whole restore (which bring back another
 * database's counters), so that the CLI, which writes tenants and keys straight to the data dir,
 * draws them from serve's seed when it is given none of its own (contract §2: PORT and
 * FLEET_DATA_DIR alone point a script at one environment).
 */
export function noteSeed(db: Db, seed: number): void {
  setCounter(db, COUNTER, seed);
}

/** The seed the last serve of this data dir noted; undefined when none has run on it. */
export function notedSeed(db: Db): number | undefined {
  return readCounter(db, COUNTER);
}
