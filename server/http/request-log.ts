import type { RequestHandler } from 'express';
import type { AuthContext } from '../auth/authenticate.ts';
import type { Deps } from '../deps.ts';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.ts';
import { redact } from '../journal/redact.ts';
import { tokenHider, type TokenHider } from '../journal/token-hider.ts';

/** A hostile client can send a 100 KB path; the log line stays bounded. */
const MAX_PATH_CHARS = 512;

/**
 * Sent by the container image's HEALTHCHECK (Dockerfile): its health probes, every 2 s, are not
 * logged (they were ~1,800 lines an hour in `docker logs`); anyone else's call of /v1/health is.
 */
export const PROBE_HEADER = 'x-testbed-probe';
const quietProbe = (path: string, headers: Record<string, unknown>) => path === '/v1/health' && headers[PROBE_HEADER] !== undefined;

/**
 * The path as a log line shows it: bounded, with no key's secret and no control token (the
 * journal's redaction, `hide` built from the serve's FLEET_CONTROL_TOKEN): the log is what a CI's
 * output shows.
 */
export const logPath = (path: string, hide: TokenHider): string => {
  // Redacted before the cut: a key or the token cut in half would no longer be recognised as one.
  const clean = hide.text(redact(path));
  return clean.length > MAX_PATH_CHARS ? `${clean.slice(0, MAX_PATH_CHARS)}…` : clean;
};

/**
 * Starts the log of a request, before anything else sees it: names the request (`X-Request-Id`,
 * read back with requestIdOf) and writes one `request` line for it when the response is done (or
 * the client goes away).
 * What it logs is chosen, field by field, never copied from the request: no headers (the
 * Authorization header carries the secret), no query string (clients sometimes put keys or
 * personal data there), no body. The key is named by its public prefix only.
 */
export function requestLog(deps: Pick<Deps, 'logger' | 'realNowMs' | 'controlToken'>): RequestHandler {
  const { logger, realNowMs } = deps;
  const hide = tokenHider(deps.controlToken ?? null);
  return (req, res, next) => {
    const startMs = realNowMs();
    const requestId = newRequestId();
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // 'close' comes once per response, after 'finish' when it was sent whole, alone when the client
    // went away first: one listener covers both.
    res.on('close', (): void => {
      const url = req.originalUrl;
      const query = url.indexOf('?');
      const path = query < 0 ? url : url.slice(0, query);
      if (quietProbe(path, req.headers)) return;
      // req.auth exists only once authenticate has accepted the key. One shape for every line: the
      // fields left undefined are not written (JSON.stringify skips them).
      const auth = (req as { auth?: AuthContext }).auth;
      const line = {
        requestId,
        method: req.method,
        // A key sent in the path (a client's mistake, `/v1/vehicles/fk_test_…`) keeps its prefix only, as in the journal.
        path: logPath(path, hide),
        // Null when no answer went out (the client left first): statusCode is then Node's default 200.
        status: res.headersSent ? res.statusCode : null,
        durationMs: Math.max(0, realNowMs() - startMs),
        keyPrefix: auth?.keyPrefix,
        // The fault rule that met the request (faults/middleware.ts), as the journal names it: its 500s
        // and 503s are set on purpose, which a reader of the log could not tell from the testbed's own.
        fault: res.locals.faultRuleId as string | undefined,
        aborted: res.writableFinished ? undefined : true,
      };
      logger.info('request', line);
    });
    next();
  };
}
