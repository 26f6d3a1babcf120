import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../server/http/request-id.ts';

describe('newRequestId', () => {
  it('when many ids are drawn, then each reads req_ + 32 hex and none repeats', () => {
    const ids = Array.from({ length: 1_000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
