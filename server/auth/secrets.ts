import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../lib/sha256.ts';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A key reads `fk_test_<12 hex>_<32 base62>`. The prefix is derived from the key id, so API answers
 * (GET /v1/me shows it) stay deterministic; the secret part is drawn from the seed (and the control
 * token, when serve has one: lib/ids.ts) and stored only as a hash.
 */
export function keyPrefix(environment: 'live' | 'test', keyId: string): string {
  return `fk_${environment}_${keyId.replace(/-/g, '').slice(0, 12)}`;
}

export function newSecret(prefix: string, bytes: Uint8Array): string {
  let tail = '';
  for (const b of bytes) tail += BASE62[b % 62];
  return `${prefix}_${tail}`;
}

export const hashSecret = (secret: string): Buffer => sha256(secret);

/** A key's public prefix and its secret tail, as patterns: every reader of keys (the journal's redaction too) builds on these. */
export const KEY_PREFIX_PATTERN = 'fk_(?:live|test)_[0-9a-f]{12}';
export const KEY_TAIL_PATTERN = '[A-Za-z0-9]{32}';
const WHOLE_KEY = new RegExp(`^(${KEY_PREFIX_PATTERN})_${KEY_TAIL_PATTERN}$`);

/** Splits a presented key into its prefix; null when it cannot be one of ours. */
export function prefixOf(secret: string): string | null {
  const m = WHOLE_KEY.exec(secret);
  return m ? m[1] : null;
}

const DUMMY_HASH = hashSecret('fk_test_000000000000_dummy');

/** Constant-time comparison; an absent key still costs one hash and one comparison. */
export function secretMatches(secret: string, stored: Buffer | undefined): boolean {
  const given = hashSecret(secret);
  return timingSafeEqual(given, stored ?? DUMMY_HASH) && stored !== undefined;
}
