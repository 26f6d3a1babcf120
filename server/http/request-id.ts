import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

/** The header that names a request; the error envelope repeats it as `requestId`. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * requestId is the one value the determinism promise lets differ, so it is random: a v4 UUID (122
 * random bits) as 32 hex digits. randomUUID draws from a buffered pool; randomBytes costs a call
 * into OpenSSL per request, about 3 % of a GET by id.
 */
export const newRequestId = (): string => `req_${randomUUID().replaceAll('-', '')}`;

/** The id the request log gave this request: the header the client sees is the one place it is kept. */
export const requestIdOf = (res: Response): string | undefined => res.getHeader(REQUEST_ID_HEADER) as string | undefined;
