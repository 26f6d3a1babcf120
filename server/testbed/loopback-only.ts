import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The testbed's control surface moves time and decides platform outcomes: it answers only
 * loopback callers and never a request that carries a partner API key.
 */
export function loopbackOnly(req: Request, _res: Response, next: NextFunction): void {
  if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
    throw new AppError('FORBIDDEN', 'La superficie de control del testbed solo acepta conexiones locales.');
  }
  // Presence, not truthiness: an empty Authorization header is still a credential header.
  if (req.get('authorization') !== undefined) {
    throw new AppError('FORBIDDEN', 'La superficie de control del testbed no acepta claves de API.');
  }
  next();
}
