import type { Express, Request, Response } from 'express';

/**
 * What the apps under test answered since the last check, apart from the checker (openapi-check.ts)
 * so that a test file that records nothing never loads the OpenAPI document and ajv.
 */

export interface RecordedResponse {
  method: string;
  path: string;
  /** The express route that answered (`/v1` + `/vehicles/:id`), when a route matched at all. */
  route: string | null;
  status: number;
  /** The JSON body as the client parses it; undefined when the response was not JSON. */
  body: unknown;
}

export interface OptOut {
  reason: string;
  status?: number;
}

let recorded: RecordedResponse[] = [];
let optOut: OptOut | null = null;
const RECORDED = Symbol('openapi-check.recorded');

function record(req: Request, res: Response, body: unknown): void {
  (res as unknown as Record<symbol, boolean>)[RECORDED] = true;
  recorded.push({
    method: req.method === 'HEAD' ? 'GET' : req.method,
    path: req.originalUrl.split('?')[0],
    route: req.route ? `${req.baseUrl}${String(req.route.path)}` : null,
    status: res.statusCode,
    body: body === undefined ? undefined : JSON.parse(JSON.stringify(body)),
  });
}

/** The test hook: records what this app answers, without changing what it answers. */
export function recordResponses(app: Express): void {
  const json = app.response.json;
  app.response.json = function recordJson(this: Response, body: unknown) {
    record(this.req, this, body);
    return json.call(this, body);
  };
  // express calls app.handle for every request; hooking it sees responses that never call res.json.
  type Handle = (req: Request, res: Response, callback?: unknown) => void;
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, callback) => {
    res.once('finish', () => {
      if (!(res as unknown as Record<symbol, boolean>)[RECORDED]) record(req, res, undefined);
    });
    return handle(req, res, callback);
  };
}

/** Lets one test send deliberately undeclared responses; the reason is shown in the test's code. */
export function allowUndeclaredResponses(reason: string, only: { status?: number } = {}): void {
  if (!reason.trim()) throw new Error('allowUndeclaredResponses needs a reason');
  optOut = { reason, ...only };
}

export const hasRecords = () => recorded.length > 0;

/** The records and the opt-out since the last call; both are cleared. */
export function takeRecords(): { recorded: RecordedResponse[]; optOut: OptOut | null } {
  const taken = { recorded, optOut };
  recorded = [];
  optOut = null;
  return taken;
}
