import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** The header that names a request; the error envelope repeats it as `requestId`. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * requestId is the one value the determinism promise lets differ, so it is random: 128 fresh random
 * bits per request, as hex.
 */
export const newRequestId = (): string => `req_${randomBytes(16).toString('hex')}`;

/** The id the request log gave this request: the header the client sees is the one place it is kept. */
export const requestIdOf = (res: Response): string | undefined => res.getHeader(REQUEST_ID_HEADER) as string | undefined;
