import type { RequestHandler, Response } from 'express';
import { GateLane } from './gate-lane.ts';
import { afterHandled } from '../http/handler-at-work.ts';

/**
 * Lets a whole-world change (a restore, a reset, a snapshot) run alone: requests that arrive while
 * one runs wait at the gate and go on after it; one under way when it starts is finished first.
 * So no request ever sees half a restore, and none is refused for it. Changes run one at a time.
 */
export function createWorldGate() {
  const lane = new GateLane();

  const admit: RequestHandler = (_req, res, next) => {
    const enter = () => {
      // Given up while it waited (its client gone): counted in now, it would never be counted out
      // (its 'close' has come and gone), and every later change would wait for it, the whole
      // testbed held. The world gates do the same (world-snapshots/tenant-gate.ts). One given up
      // later is counted out once its handler has ended too: it may still be writing.
      if (res.destroyed) return;
      const leave = lane.enter();
      res.locals.leaveWorldGate = leave;
      afterHandled(res, leave);
      next();
    };
    if (lane.closed) lane.closed.then(enter, enter);
    else enter();
  };

  /** Counts the request out before it ends (a delay fault holding it: it touches nothing meanwhile); `admit` lets it in again. */
  const leave = (res: Response): void => (res.locals.leaveWorldGate as (() => void) | undefined)?.();

  /** Runs `change` once every other request has finished, holding new ones until it is done. */
  function exclusive<T>(res: Response, change: () => Promise<T>): Promise<T> {
    // The caller's own request must not wait for itself.
    leave(res);
    return lane.exclusive(change);
  }

  return { admit, leave, exclusive };
}

export type WorldGate = ReturnType<typeof createWorldGate>;
