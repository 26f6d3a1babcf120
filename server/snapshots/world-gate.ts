import type { RequestHandler, Response } from 'express';

/**
 * Lets a whole-world change (a restore, a reset, a snapshot) run alone: requests that arrive while
 * one runs wait at the gate and go on after it; one under way when it starts is finished first.
 * So no request ever sees half a restore, and none is refused for it. Changes run one at a time.
 */
export function createWorldGate() {
  let active = 0;
  let closed: Promise<void> | null = null;
  let drained: (() => void) | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  const leave = () => {
    active--;
    if (active === 0) drained?.();
  };

  const admit: RequestHandler = (_req, res, next) => {
    const enter = () => {
      active++;
      let left = false;
      const once = () => void (left || ((left = true), leave()));
      res.locals.leaveWorldGate = once;
      res.once('close', once);
      next();
    };
    if (closed) closed.then(enter, enter);
    else enter();
  };

  /** Runs `change` once every other request has finished, holding new ones until it is done. */
  function exclusive<T>(res: Response, change: () => Promise<T>): Promise<T> {
    // The caller's own request must not wait for itself.
    (res.locals.leaveWorldGate as (() => void) | undefined)?.();
    const run = async () => {
      let open!: () => void;
      closed = new Promise<void>((resolve) => (open = resolve));
      try {
        if (active > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = null;
        return await change();
      } finally {
        closed = null;
        open();
      }
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  return { admit, exclusive };
}

export type WorldGate = ReturnType<typeof createWorldGate>;
