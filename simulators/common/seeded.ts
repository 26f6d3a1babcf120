import { sha256 } from '../../server/lib/sha256.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * A whole number in [min, max] fixed by the seed and a key naming what it is for (for example the
 * document under review). Keying by entity rather than drawing from a shared stream means the value
 * does not depend on the order in which due work happens to be processed.
 */
export function seededInt(seed: number, key: string, min: number, max: number): number {
  const digest = sha256(`${seed}:${key}`);
  return min + (digest.readUIntBE(0, 6) % (max - min + 1));
}

/** A duration between minHours and maxHours, in whole simulated minutes. */
export function seededDurationMs(seed: number, key: string, minHours: number, maxHours: number): number {
  return seededInt(seed, key, minHours * 60, maxHours * 60) * MINUTE_MS;
}

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
export const iso = (ms: number): string => new Date(ms).toISOString();
