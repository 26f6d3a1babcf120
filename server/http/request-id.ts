import { randomFillSync } from 'node:crypto';
import type { Response } from 'express';

/** The header that names a request; the error envelope repeats it as `requestId`. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Random bytes drawn POOL_IDS ids at a time: one call into OpenSSL per 256 requests, not one per request. */
const ID_BYTES = 16;
const POOL_IDS = 256;
const pool = Buffer.alloc(ID_BYTES * POOL_IDS);
let used = POOL_IDS;

/**
 * requestId is the one value the determinism promise lets differ, so it is random: 128 fresh random
 * bits per request, as hex. Each id's bytes are used once (the pool is refilled, never reread).
 */
export function newRequestId(): string {
  if (used === POOL_IDS) (randomFillSync(pool), (used = 0));
  const start = used++ * ID_BYTES;
  return `req_${pool.toString('hex', start, start + ID_BYTES)}`;
}

/**
 * The id the request log gave this request. It lives in the response's header only: a property
 * added to Express's request object costs on every request (docs/performance.md).
 */
export const requestIdOf = (res: Response): string | undefined => res.getHeader(REQUEST_ID_HEADER) as string | undefined;
