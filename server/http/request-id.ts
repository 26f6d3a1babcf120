import { randomUUID } from 'node:crypto';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
    }
  }
}

/** requestId is the one value the determinism promise lets differ, so it is random. */
export const newRequestId = (): string => `req_${randomUUID().replace(/-/g, '')}`;
