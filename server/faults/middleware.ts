import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../lib/logger.ts';
import { sendError } from '../http/error-handler.ts';
import { logPath } from '../http/request-log.ts';
import type { TokenHider } from '../journal/token-hider.ts';
import type { FaultService } from './service.ts';
import type { FaultRule } from './store.ts';

export const FAULT_HEADER = 'X-Testbed-Fault';

/** Real time on purpose: a delay fault is what the client's own real-time timeout must face. */
export const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface FaultGateDeps {
  logger: Logger;
  /** The serve's control token kept out of the log line's path (request-log.ts). */
  hide: TokenHider;
  wait: (ms: number) => Promise<void>;
  /**
   * Counts a request held by a delay out of the gates a restore or reset waits for, the whole
   * testbed's and its world's (snapshots/world-gate.ts, world-snapshots/tenant-gate.ts): it touches
   * no data while it waits. `readmit` lets it in again, the key checked afresh, as a new request.
   */
  leaveGates: (res: Response) => void;
  readmit: RequestHandler;
  /**
   * Counts a request held by a `delay` (`when: before`) among its world's; the function returned
   * counts it out once it is let in again, and says whether a restore of the world (or of every
   * world) came meanwhile (world-snapshots/tenant-gate.ts).
   */
  holdOut: (tenantId: string) => { letIn: () => boolean; overtaken: Promise<void> };
}

const simulated = (rule: FaultRule) => `falla simulada por el testbed, regla ${rule.id}`;

/** The faulted answer itself, in the API's error envelope (or no answer at all: `reset`). */
function strike(req: Request, res: Response, rule: FaultRule): void {
  const seconds = String(rule.retryAfter);
  switch (rule.effect) {
    case 'reset':
      return void req.socket.destroy();
    case 'rate_limited':
      return sendError(res, 'RATE_LIMITED', `Demasiadas solicitudes; reintenta en ${seconds} s (${simulated(rule)}).`,
        { fault: rule.id, retryAfterSeconds: rule.retryAfter }, { 'Retry-After': seconds });
    case 'unavailable':
      return sendError(res, 'PLATFORM_UNAVAILABLE', `El servicio no está disponible; reintenta en ${seconds} s (${simulated(rule)}).`,
        { fault: rule.id, retryAfterSeconds: rule.retryAfter }, { 'Retry-After': seconds });
    case 'internal':
      return sendError(res, 'INTERNAL', `Error interno del servidor (${simulated(rule)}).`, { fault: rule.id });
    case 'delay':
      throw new Error('a delay has no answer of its own');
  }
}

/** A held request whose world was restored while it waited: not processed, said so (the restore's 503, contract §5). */
function overtaken(res: Response, rule: FaultRule): void {
  sendError(res, 'PLATFORM_UNAVAILABLE',
    `El mundo se restauró mientras la regla ${rule.id} retenía esta solicitud: no se procesó; repítela si aún hace falta.`,
    { fault: rule.id, retryAfterSeconds: 1 }, { 'Retry-After': '1' });
}

/**
 * `when: after`: the handler runs and its changes stay, but its answer is lost. res.end is where
 * every answer leaves (res.json and res.send end there), so it is taken over once: the handler's
 * own headers (Content-Type, Location…) are dropped and the fault answers instead, or, for a
 * delay, the handler's answer leaves late.
 */
function replaceAnswer(req: Request, res: Response, rule: FaultRule, deps: FaultGateDeps): void {
  const end = res.end;
  const before = new Set(res.getHeaderNames());
  res.end = function takeOver(this: Response, ...args: unknown[]) {
    res.end = end;
    if (rule.effect === 'delay') {
      // The handler is done: the world is free while the answer waits (a restore need not wait too).
      // Its world deleted or replaced meanwhile, the journal leaves it out (journal/capture.ts).
      deps.leaveGates(res);
      void deps.wait(rule.delayMs!).then(() => (end as (...a: unknown[]) => Response).apply(res, args));
      return res;
    }
    for (const name of res.getHeaderNames()) if (!before.has(name)) res.removeHeader(name);
    strike(req, res, rule);
    return res;
  } as Response['end'];
}

/**
 * The fault rules of the request's world, checked after the key (the world is known) and before the
 * handler. A request that meets none goes on untouched; a world without rules costs one map lookup.
 */
export function faultGate(faults: Pick<FaultService, 'pick'>, deps: FaultGateDeps): RequestHandler {
  return (req, res, next) => {
    const rule = faults.pick(req.auth.tenantId, req.method, req.baseUrl + req.path);
    if (rule === null) return next();
    // The request journal reads this to say which rule answered.
    res.locals.faultRuleId = rule.id;
    res.setHeader(FAULT_HEADER, rule.id);
    deps.logger.info('fault', { ruleId: rule.id, effect: rule.effect, when: rule.when, tenantId: req.auth.tenantId, method: req.method, path: logPath(req.baseUrl + req.path, deps.hide) });
    if (rule.when === 'after') {
      replaceAnswer(req, res, rule, deps);
      return next();
    }
    if (rule.effect === 'delay') {
      // Held outside the gates, then let in again as a new request is (after a restore under way);
      // refused instead when its world was restored meanwhile: it belongs to the world as it was.
      deps.leaveGates(res);
      const { letIn, overtaken: changed } = deps.holdOut(req.auth.tenantId);
      // A client that gives up while the request waits at a gate after its delay is never let in: counted out then.
      res.once('close', () => void letIn());
      // Its world restored or deleted meanwhile, it is refused at once rather than after the delay.
      return void Promise.race([deps.wait(rule.delayMs!), changed]).then(() => {
        if (res.destroyed) return void letIn();
        deps.readmit(req, res, (err?: unknown) => {
          const restoredMeanwhile = letIn();
          // Refused at the gate again (its key restored away, its world deleted): that answer stands.
          if (err) return next(err);
          if (restoredMeanwhile) return overtaken(res, rule);
          next();
        });
      });
    }
    strike(req, res, rule);
  };
}
