import type { Express, RequestHandler, Response } from 'express';

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

/** res.locals: what is told when the response is ended (its `end()` called, whether sent yet or not): one callback, or several. */
const ON_END = 'onResponseEnd';
type OnEnd = (() => void) | (() => void)[];

/**
 * Makes `res.end()` of `app`'s answers tell what waits for it (`afterHandled`). Patched on the app's
 * own response prototype (Express gives each app its own), once: no wrapper per request, and `res`
 * keeps its shape (as journal/capture.ts does for `send`). An app not patched so counts its
 * requests out at their close alone. Its three arguments passed as they came (Node reads an absent
 * one as undefined), not spread: every answer goes through it.
 */
export function tellWhenEnded(app: Express): void {
  const end = app.response.end as (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;
  app.response.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const result = end.call(this, chunk, encoding, callback);
    const waiting = this.locals[ON_END] as OnEnd | undefined;
    if (waiting !== undefined) {
      this.locals[ON_END] = undefined;
      if (typeof waiting === 'function') waiting();
      else for (const then of waiting) then();
    }
    return result;
  } as Response['end'];
}

/** Most requests pass two gates: the first callback is kept as it is, an array only from the second. */
function whenEnded(res: Response, onEnd: () => void): void {
  const waiting = res.locals[ON_END] as OnEnd | undefined;
  res.locals[ON_END] = waiting === undefined ? onEnd : typeof waiting === 'function' ? [waiting, onEnd] : (waiting.push(onEnd), waiting);
}

/**
 * `then` once the response is over, answered or given up, and none of the request's counted handlers
 * is at work. Answered is ended (`res.end()` called), not sent: on a connection whose client sends its
 * next request before the answer to the last (HTTP/1.1 pipelining), Node sends, and closes, an answer
 * only after the one ahead of it, and a change that waited for the close before answering the one
 * ahead (a reset, a restore, a deletion) waited for itself, holding every world until the client
 * hung up.
 */
export function afterHandled(res: Response, then: () => void): void {
  let over = false;
  const onOver = () => {
    if (over) return;
    over = true;
    if (((res.locals[AT_WORK] as number | undefined) ?? 0) === 0) then();
    else ((res.locals[WAITING] as (() => void)[] | undefined) ?? (res.locals[WAITING] = [])).push(then);
  };
  res.once('close', onOver);
  whenEnded(res, onOver);
}
