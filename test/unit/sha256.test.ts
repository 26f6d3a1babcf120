import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../server/lib/sha256.ts';

/** Every seeded id, ride key and reseeding is a sha256: a different digest would change every world of a seed. */
describe('sha256', () => {
  it.each([['an empty string', ''], ['a seeded key', '42:platform_a:ride:tr_0a1b'], ['text beyond ASCII (UTF-8)', 'Peñón €'], ['bytes', new Uint8Array([0, 1, 2, 255])]])(
    'when %s is hashed, then the digest is createHash\'s',
    (_case, input) => {
      expect(sha256(input).equals(createHash('sha256').update(input).digest())).toBe(true);
    },
  );
});
