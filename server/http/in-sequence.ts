import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs Express middleware one after the other as one middleware, with Express's rules: a handler
 * that throws or whose promise rejects passes its error on, `next(err)` skips the rest. Instead of a
 * Router because a Router that runs out of layers hands the request back to its parent from a
 * `setImmediate` (router 2): a macrotask hop and a round of path matching on every /v1 request.
 * `leave(req)` true: the request skips them all (the keyless reads).
 */
export function inSequence(handlers: readonly RequestHandler[], leave: (req: Request) => boolean = () => false): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (leave(req)) return next();
    let index = 0;
    const step = (err?: unknown): void => {
      if (err === 'route' || err === 'router') return next();
      if (err !== undefined && err !== null) return next(err);
      if (index === handlers.length) return next();
      const handler = handlers[index++];
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((rejected: unknown) => step(rejected ?? new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
