import type { NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { hashSecret, prefixOf } from '../auth/secrets.ts';
import { AppError } from '../errors.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The guard's answers the control document shows as its examples (control/document.ts). */
export const CONTROL_TOKEN_MISSING = 'La superficie de control del testbed necesita Authorization: Bearer <FLEET_CONTROL_TOKEN>.';
export const CONTROL_LOOPBACK_ONLY = 'La superficie de control del testbed solo acepta conexiones locales.';

/**
 * A loopback name in a Host header or an origin, with any port: 127.x.y.z, localhost and its
 * subdomains (RFC 6761: never sent to a DNS server), [::1] in either spelling, 0.0.0.0 (what a
 * client calling a serve bound to it names), each with the trailing dot of a fully qualified name.
 */
export const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|0\.0\.0\.0|([a-z0-9-]+\.)*localhost\.?|\[(::1|0:0:0:0:0:0:0:1)\])(:\d+)?$/i;

/** Whether a request names a loopback host; one with no Host at all (HTTP/1.0) names none of another site either. */
export const namesLoopback = (req: Request): boolean => {
  const host = req.get('host');
  return host === undefined || LOOPBACK_HOST.test(host);
};

/** The host of an origin (`http://localhost:5173` → `localhost:5173`); null when it has none (`null`, a file page). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/**
 * Who may use the testbed's control surface, which moves time and decides platform outcomes.
 * With a control token (FLEET_CONTROL_TOKEN): whoever presents it as a bearer, from any address.
 * Without one: loopback callers only, and never a request that carries credentials. A partner API
 * key is never the token (config.ts refuses a token shaped like one), so it always answers 401/403.
 */
export function controlGuard(controlToken: string | null = null) {
  if (controlToken === null) return passed(loopbackCallers);
  // Both sides hashed: equal lengths for timingSafeEqual, and the token's length does not leak.
  const expected = hashSecret(controlToken);
  return passed((req: Request, res: Response, next: NextFunction): void => {
    const given = /^Bearer +(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!timingSafeEqual(hashSecret(given ?? ''), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="_testbed"');
      // A token sent that is not this serve's is another mistake than none sent (a stale variable, another serve's).
      throw new AppError('UNAUTHORIZED', given === undefined
        ? CONTROL_TOKEN_MISSING
        : prefixOf(given) !== null
          // A world's key where the token goes: the key and the token mixed up, not a stale token.
          ? 'Se envió una clave de API (fk_…) como token de control: la superficie de control necesita Authorization: Bearer <FLEET_CONTROL_TOKEN>, el token con el que se arrancó serve; la clave es para /v1.'
          : 'El token de control enviado no es el de este serve: revisa FLEET_CONTROL_TOKEN (debe ser el mismo con el que se arrancó serve).');
    }
    next();
  });
}

function loopbackCallers(req: Request, _res: Response, next: NextFunction): void {
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
    throw new AppError('FORBIDDEN', CONTROL_LOOPBACK_ONLY);
  }
  // A local caller may still be a browser running another site's page whose DNS name was rebound to
  // 127.0.0.1: it names its own host. Scripts name the loopback address they call.
  if (!namesLoopback(req)) {
    throw new AppError('FORBIDDEN', 'Sin FLEET_CONTROL_TOKEN la superficie de control solo se llama como http://127.0.0.1, http://localhost o http://[::1].');
  }
  // Presence, not truthiness: an empty Authorization header is still a credential header.
  const authorization = req.get('authorization');
  if (authorization === undefined) return next();
  // Refused either way (fail closed); the message says which mistake it is.
  const bearer = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
  if (bearer !== undefined && prefixOf(bearer) !== null) {
    throw new AppError('FORBIDDEN', 'La superficie de control del testbed no acepta claves de API.');
  }
  throw new AppError('FORBIDDEN', 'Este serve no tiene token de control (FLEET_CONTROL_TOKEN no está definido): la superficie de control solo acepta '
    + 'llamadas locales sin Authorization. Quita la cabecera, o arranca serve con FLEET_CONTROL_TOKEN.');
}

/** An origin on this machine: a loopback host, any port (`http://localhost:5173`). */
export const isLoopbackOrigin = (origin: string): boolean => LOOPBACK_HOST.test(hostOf(origin) ?? '');

/**
 * Without a token, `/_testbed` refuses a call that a page of another site makes from the local
 * browser (`fetch('http://127.0.0.1:3000/_testbed/reset', {method: 'POST', mode: 'no-cors'})`): the
 * browser names that page's origin. Scripts send no Origin; a page of a local dev server (a loopback
 * origin, any port) may call. The dashboard has its own rule for its actions (sameOriginActions).
 */
export function localPagesOnly(controlToken: string | null) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const origin = req.get('origin');
    if (controlToken === null && origin !== undefined && !isLoopbackOrigin(origin)) {
      throw new AppError('FORBIDDEN', `La superficie de control del testbed no acepta llamadas de páginas de otro sitio (Origin: ${origin.slice(0, 100)}).`);
    }
    next();
  };
}

const GUARDED = 'controlGuardPassed';
type Handler = (req: Request, res: Response, next: NextFunction) => void;

function passed(check: Handler): Handler {
  return (req, res, next) => check(req, res, () => {
    res.locals[GUARDED] = true;
    next();
  });
}

/**
 * What the /_testbed router puts first (routes.ts): it fails closed when the router is reached
 * without controlGuard in front of it (app.ts mounts the guard, which needs the configuration).
 */
export function loopbackOnly(_req: Request, res: Response, next: NextFunction): void {
  if (res.locals[GUARDED] !== true) throw new AppError('FORBIDDEN', 'La superficie de control del testbed no está protegida.');
  next();
}
