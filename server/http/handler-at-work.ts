import type { RequestHandler, Response } from 'express';

/** res.locals: how many of the request's handlers are at work, and who waits for them to end. */
const AT_WORK = 'handlersAtWork';
const WAITING = 'afterHandlers';

function ended(res: Response): void {
  const left = (res.locals[AT_WORK] as number) - 1;
  res.locals[AT_WORK] = left;
  if (left === 0) for (const then of (res.locals[WAITING] as (() => void)[] | undefined)?.splice(0) ?? []) then();
}

/**
 * The handler, counted at work until its promise settles (or it returns). A client that gives up
 * closes the response at once while its handler may still await a platform call or write rows:
 * the gates count the request out only once both are over (`afterHandled`).
 */
export function counted(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    // Given up before it started (between the gates and here, a turn of the event loop): the gates
    // may have counted it out already, and nobody waits for its answer.
    if (res.destroyed) return;
    res.locals[AT_WORK] = ((res.locals[AT_WORK] as number | undefined) ?? 0) + 1;
    let result: unknown;
    try {
      result = handler(req, res, next);
    } catch (err) {
      ended(res);
      throw err;
    }
    if (result instanceof Promise) result.then(() => ended(res), () => ended(res));
    else ended(res);
    return result;
  };
}

/** `then` once the response has closed and none of the request's counted handlers is at work. */
export function afterHandled(res: Response, then: () => void): void {
  res.once('close', () => {
    if (((res.locals[AT_WORK] as number | undefined) ?? 0) === 0) then();
    else ((res.locals[WAITING] as (() => void)[] | undefined) ?? (res.locals[WAITING] = [])).push(then);
  });
}
