import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
    }
  }
}

/** requestId is the one value the determinism promise lets differ, so it is random. */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  req.requestId = `req_${randomUUID().replace(/-/g, '')}`;
  res.setHeader('X-Request-Id', req.requestId);
  next();
}
