import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hashSecret } from '../auth/secrets.ts';
import { AppError } from '../errors.ts';
import { controlGuard, namesLoopback } from '../control/guard.ts';

export const SESSION_COOKIE = 'fleet_dashboard';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Equal secrets, compared in constant time (both sides hashed, so lengths do not leak). */
const sameSecret = (given: string | undefined, expected: string): boolean =>
  given !== undefined && timingSafeEqual(hashSecret(given), hashSecret(expected));

/** The cookie's value: derived from the token, so a cookie that leaks is no bearer for /_testbed. */
export const sessionOf = (controlToken: string): string => createHmac('sha256', controlToken).update('fleet-dashboard-session').digest('hex');

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Who may open the dashboard: whoever may call the control API (server/control/guard.ts).
 * Without FLEET_CONTROL_TOKEN, loopback callers that name a loopback host (a page of another site
 * that rebinds its DNS name to 127.0.0.1 names its own host). With it, the bearer token, or a browser
 * that opened `?token=` once and keeps an HttpOnly, SameSite=Strict session cookie.
 */
export function dashboardGuard(controlToken: string | null): RequestHandler {
  const control = controlGuard(controlToken);
  if (controlToken === null) {
    return (req, res, next) => {
      if (!namesLoopback(req)) {
        throw new AppError('FORBIDDEN', 'Sin FLEET_CONTROL_TOKEN el panel solo se abre como http://127.0.0.1 o http://localhost.');
      }
      control(req, res, next);
    };
  }
  const session = sessionOf(controlToken);
  return (req, res, next) => {
    if (req.get('authorization') !== undefined) return control(req, res, next);
    if (sameSecret(cookieOf(req, SESSION_COOKIE), session)) return next();
    if (typeof req.query.token === 'string' && SAFE_METHODS.has(req.method)) return startSession(req, res, controlToken, session);
    throw new AppError('UNAUTHORIZED', 'El panel necesita FLEET_CONTROL_TOKEN: ábrelo una vez como /dashboard?token=<token>.');
  };
}

/** The token leaves the address bar at once: the answer sets the cookie and reloads without it. */
function startSession(req: Request, res: Response, controlToken: string, session: string): void {
  if (!sameSecret(req.query.token as string, controlToken)) throw new AppError('UNAUTHORIZED', 'El token no coincide con FLEET_CONTROL_TOKEN.');
  res.cookie(SESSION_COOKIE, session, { httpOnly: true, sameSite: 'strict', path: req.baseUrl || '/', secure: req.secure });
  const url = new URL(req.originalUrl, 'http://dashboard.invalid');
  url.searchParams.delete('token');
  res.redirect(303, `${url.pathname}${url.search}`);
}

/**
 * Actions come from the dashboard's own pages only: a browser names the page's origin on every
 * POST and DELETE (Origin, Sec-Fetch-Site), so a form on another site cannot drive a world through
 * a loopback dashboard that needs no token. Clients that are not browsers send neither.
 */
export function sameOriginActions(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  if ((site !== undefined && site !== 'same-origin') || (origin !== undefined && hostOf(origin) !== req.get('host'))) {
    throw new AppError('FORBIDDEN', 'El panel solo acepta acciones desde sus propias páginas.');
  }
  next();
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
