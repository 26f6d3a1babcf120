import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GateLane } from '../snapshots/gate-lane.ts';
import { afterHandled } from '../http/handler-at-work.ts';
import { createTally } from '../lib/tally.ts';

/** Where a request admitted into its world keeps the call that counts it out (called at most once). */
const LEAVE_WORLD = 'leaveWorld';

/**
 * The world gate (snapshots/world-gate.ts) for one world at a time: while a world is rewound, its
 * own requests wait at the gate and go on after it, one under way is finished first, and every other
 * world's requests pass as if nothing happened. Mounted after the key check, which says whose
 * request it is; a request that waited is checked again (`recheck`): the rewind may have taken its key.
 * A world's lane is kept only while it has a request under way or a change running or queued.
 */
export function createTenantGates() {
  const lanes = new Map<string, GateLane>();
  const lane = (tenantId: string): GateLane => {
    let found = lanes.get(tenantId);
    if (!found) lanes.set(tenantId, (found = new GateLane()));
    return found;
  };
  /** Requests waiting at each world's closed gate (a restore or deletion under way): what `waiting` tells. */
  const queued = createTally<string>();
  const forget = (tenantId: string, l: GateLane) => {
    if (l.idle && lanes.get(tenantId) === l) lanes.delete(tenantId);
  };
  /** Counts one request (or control call) of the world in; the function returned counts it out. */
  const enterWorld = (tenantId: string): (() => void) => {
    const l = lane(tenantId);
    const leave = l.enter();
    return () => {
      leave();
      forget(tenantId, l);
    };
  };

  /**
   * Lets a request into its world, after any restore or deletion of it under way; `onAdmitted` is
   * told as it goes in (the journal's mark: journal/capture.ts), once per request.
   */
  const admit = (recheck: RequestHandler, onAdmitted?: (res: Response) => void): RequestHandler => (req, res, next) => {
    const tenantId = req.auth.tenantId;
    const enter = () => {
      // Counted out once however often it is called (GateLane.enter): once closed and its handler
      // ended (a client that gave up closes it at once), or earlier (leaveWorld).
      const leave = enterWorld(tenantId);
      res.locals[LEAVE_WORLD] = leave;
      afterHandled(res, leave);
      onAdmitted?.(res);
    };
    const closed = lanes.get(tenantId)?.closed;
    if (!closed) {
      enter();
      next();
      return;
    }
    queued.add(tenantId);
    const resume = () => {
      queued.remove(tenantId);
      if (!res.destroyed) checkedAgain(recheck, req, res, next, () => (enter(), next()));
    };
    closed.then(resume, resume);
  };

  /** Runs `change` once the world's requests under way have finished, holding its new ones until it is done. */
  function exclusive<T>(tenantId: string, change: () => Promise<T>): Promise<T> {
    const l = lane(tenantId);
    const done = () => forget(tenantId, l);
    return l.exclusive(change).then(
      (value) => (done(), value),
      (err: unknown) => {
        done();
        throw err;
      },
    );
  }

  /**
   * Runs `work` as one of the world's requests, for a control call on a world (rides generated for
   * it): after a change under way in it, which in turn waits for the work to finish.
   */
  async function during<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    for (let waiting = lanes.get(tenantId)?.closed; waiting; waiting = lanes.get(tenantId)?.closed) await waiting;
    const leave = enterWorld(tenantId);
    try {
      return await work();
    } finally {
      leave();
    }
  }

  /**
   * Lets a request in again after it was counted out (leaveWorld), its key checked afresh whether or
   * not a change ran meanwhile: a restore or a deletion may have gone all the way while it was out,
   * taking its key or its whole world (a write then met a world that was no longer there).
   */
  const readmit = (recheck: RequestHandler): RequestHandler => {
    const admitChecked = admit(recheck);
    return (req, res, next) => checkedAgain(recheck, req, res, next, () => admitChecked(req, res, next));
  };

  /**
   * Requests of each world held out by a `delay` rule (faults/middleware.ts), each with whether a
   * restore of its world came while it waited. Let in after one, it would write into the world as
   * restored: the next test's world, when a timed-out test's client never gave up its request.
   */
  const heldOut = new Map<string, Set<{ overtaken: boolean; wake: () => void }>>();

  /**
   * Counts a held request in. `letIn` counts it out (once, however often it is called) and says
   * whether a restore or deletion of its world came meanwhile; `overtaken` settles when one comes, so
   * the request need not wait out its delay for a refusal (a 503, a 401) it will get anyway.
   */
  function holdOut(tenantId: string): { letIn: () => boolean; overtaken: Promise<void> } {
    let wake!: () => void;
    const overtaken = new Promise<void>((resolve) => (wake = resolve));
    const mark = { overtaken: false, wake };
    let held = heldOut.get(tenantId);
    if (!held) heldOut.set(tenantId, (held = new Set()));
    held.add(mark);
    const letIn = () => {
      held.delete(mark);
      if (held.size === 0 && heldOut.get(tenantId) === held) heldOut.delete(tenantId);
      return mark.overtaken;
    };
    return { letIn, overtaken };
  }

  /**
   * A restore or deletion of the world (or, with no world, a change of every world: a reset or a
   * whole restore) overtakes the requests held out now, and wakes them.
   */
  function overtakeHeld(tenantId?: string): void {
    const worlds = tenantId === undefined ? [...heldOut.values()] : [heldOut.get(tenantId) ?? []];
    for (const held of worlds) {
      for (const mark of held) {
        mark.overtaken = true;
        mark.wake();
      }
    }
  }

  /** How many of the world's requests wait at its gate now, for a restore or deletion to end. */
  const waiting = (tenantId: string): number => queued.count(tenantId);

  return { admit, readmit, exclusive, during, holdOut, overtakeHeld, waiting };
}

/**
 * The key checked afresh for a request that was out of its world for a while, then `go`: a world
 * deleted meanwhile must not get it in a journal it no longer has (journal/capture.ts keeps what the
 * first check said the owner was), nor a key restored away write into the world.
 */
function checkedAgain(recheck: RequestHandler, req: Request, res: Response, next: NextFunction, go: () => void): void {
  delete res.locals.keyOwner;
  try {
    recheck(req, res, (err?: unknown) => (err ? next(err) : go()));
  } catch (err) {
    next(err);
  }
}

/**
 * Counts the request out of its world before its answer is done: a `delay` fault holding it for real
 * time touches no data meanwhile, and a restore of the world (which waits for its requests under
 * way) must not wait those seconds too, nor the test's next `beforeEach` with it. A request held
 * before its handler goes through the gate again afterwards (faults/middleware.ts).
 */
export function leaveWorld(res: Response): void {
  (res.locals[LEAVE_WORLD] as (() => void) | undefined)?.();
}

export type TenantGates = ReturnType<typeof createTenantGates>;
