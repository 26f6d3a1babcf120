import type { Express, Response } from 'express';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `res.json` for the app's answers, the same bytes and headers as Express's for what the API sends
 * (an object, no `json spaces`/`replacer`/`escape` setting, no ETag): the body as JSON text with
 * `Content-Type: application/json; charset=utf-8` and its `Content-Length`. It skips what Express's
 * does on every call for the general case — a MIME lookup, then parsing and writing the content
 * type again to add the charset — a few per cent of a `GET /v1/vehicles/{id}` (docs/performance.md).
 * Any other case (a type already set, a 204 or 304, nothing to send) goes Express's way. `sent`
 * hears each body this writes (the journal keeps what Express's `send` was given).
 */
export function answerJsonDirectly(app: Express, sent?: (res: Response, body: string) => void): void {
  const json = app.response.json;
  app.response.json = function (this: Response, obj: unknown) {
    const body = JSON.stringify(obj);
    if (body === undefined || this.statusCode === 204 || this.statusCode === 304 || this.getHeader('content-type') !== undefined) {
      return json.call(this, obj);
    }
    sent?.(this, body);
    this.setHeader('Content-Type', JSON_TYPE);
    this.setHeader('Content-Length', Buffer.byteLength(body));
    // A HEAD request's answer drops the body here (node:http), as Express's send does.
    this.end(body);
    return this;
  } as typeof json;
}
