import type { NextFunction, Request, Response } from 'express';

/**
 * No page of another site may show these pages in a frame: a click on a button drawn under its own
 * decoy (clickjacking) is a click from the page itself: on the dashboard, an action its
 * same-origin check lets by; on /docs, a "Try it out" with the credentials the page keeps.
 */
export function notFramed(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  res.setHeader('X-Frame-Options', 'DENY');
  next();
}
