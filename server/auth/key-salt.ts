import type { Db } from '../db/open.ts';
import { readCounter, setCounter } from '../db/counters.ts';
import { sha256 } from '../lib/sha256.ts';

/**
 * What key secrets are drawn with besides the seed (lib/ids.ts): serve's control token, or nothing.
 * Whoever reaches a serve guarded by a token, but not the token, cannot work a key out from the
 * seed, which is no secret.
 */
export const keySalt = (controlToken: string | null | undefined): string => controlToken ?? '';

/** The counter under which serve notes which salt its keys take (a fingerprint, not the token). */
const COUNTER = 'keys:salt';
// 48 bits of a hash: enough to tell tokens apart, and the data dir (or a whole snapshot of it) holds
// no more of the token than that; whoever holds those files holds the data itself.
const fingerprint = (salt: string): number => (salt === '' ? 0 : parseInt(sha256(`key-salt:${salt}`).toString('hex').slice(0, 12), 16));

/**
 * Noted by serve as it starts and after a reset or a whole restore (which bring back another
 * database's counters), so that the CLI, which writes keys straight to the data dir, draws them as
 * serve does or refuses (`keySaltAgainstServe`): run without the token, it made keys the seed alone gives.
 */
export function noteKeySalt(db: Db, salt: string): void {
  setCounter(db, COUNTER, fingerprint(salt));
}

/**
 * Whether keys drawn with `salt` are drawn as the last serve of this data dir drew them: `same` (or
 * no serve noted one), else what differs, for the CLI to say.
 */
export function keySaltAgainstServe(db: Db, salt: string): 'same' | 'serve had none' | 'serve had another' {
  const noted = readCounter(db, COUNTER);
  if (noted === undefined || noted === fingerprint(salt)) return 'same';
  return noted === 0 ? 'serve had none' : 'serve had another';
}
