import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Request, Response } from 'express';
import { notFound } from '../../errors.ts';
import { CLIENT_SCRIPT } from './client-script.ts';
import { STYLESHEET } from './style.ts';

const require = createRequire(import.meta.url);

/**
 * The libraries' browser builds, from the installed packages (no CDN: the dashboard works offline).
 * Neither package exports these paths, so they are found beside the package's main file.
 */
const VENDOR: Record<string, string> = {
  'htmx.js': join(dirname(require.resolve('htmx.org')), 'htmx.min.js'),
  'chart.js': join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
};

const OWN: Record<string, { type: string; body: string }> = {
  'dashboard.css': { type: 'text/css; charset=utf-8', body: STYLESHEET },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', body: CLIENT_SCRIPT },
};

/** `GET /dashboard/assets/:name`: a fixed list of files, never a path taken from the request. */
export function serveAsset(req: Request, res: Response): void {
  const name = String(req.params.name);
  const own = Object.hasOwn(OWN, name) ? OWN[name] : undefined;
  if (own) return void res.type(own.type).set('Cache-Control', 'no-cache').send(own.body);
  if (!Object.hasOwn(VENDOR, name)) throw notFound(`El recurso ${name}`);
  res.type('text/javascript; charset=utf-8').sendFile(VENDOR[name], { maxAge: '1h' });
}
