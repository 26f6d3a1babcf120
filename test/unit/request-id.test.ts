import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/http/request-id.ts';

describe('newRequestId', () => {
  it('when ids are drawn past several refills of the random pool, then each reads req_ + 32 hex and none repeats', () => {
    const ids = Array.from({ length: 1_000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when the pool is refilled, then the ids after it do not repeat the ids before it', () => {
    // A pool holds 256 ids: wherever it stands, two batches of 256 span a refill, and a pool reused
    // without one would hand the second batch exactly the ids of the first.
    const first = Array.from({ length: 256 }, newRequestId);
    const second = Array.from({ length: 256 }, newRequestId);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });
});
