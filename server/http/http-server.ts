import type { Server } from 'node:http';
import type { RequestListener } from 'node:http';
import { nodeHttp } from '../lib/node-http.ts';
import { answerClientError, answerConnect, answerExpectation, requiringHost } from './client-error.ts';

/**
 * Real time a client has to send its whole request, headers and body. A request counts at the gates
 * (snapshots/world-gate.ts, world-snapshots/tenant-gate.ts) from its headers on, so a body that
 * stalls (a client stopped at a breakpoint, a slow-loris) held a world's restore, and through the
 * whole-testbed gate every request of every world, for Node's default of 5 minutes. Past this it
 * is answered 408 in the API's envelope (client-error.ts) and its connection closed. A body the API
 * has not started reading stalls too (an upload held by a `delay` fault rule, up to 60 s, or at a
 * gate): the deadline is that longest delay and 15 s to send the body.
 */
export const RECEIVE_MS = 75_000;
/** How often Node looks for requests past that time (its default, 30 s, would let them run 45 s). */
const CHECK_EVERY_MS = 1_000;

/** The API's HTTP server: the Express app, Node's refusals (the parser's, a missing Host, an Expect) in the API's envelope, and the receive deadline. */
export function createHttpServer(app: RequestListener, { receiveMs = RECEIVE_MS, checkEveryMs = CHECK_EVERY_MS } = {}): Server {
  const options = { requestTimeout: receiveMs, headersTimeout: receiveMs, connectionsCheckingInterval: checkEveryMs, requireHostHeader: false };
  const server = nodeHttp.createServer(options, requiringHost(app));
  server.on('clientError', answerClientError);
  server.on('checkExpectation', answerExpectation);
  server.on('connect', answerConnect);
  return server;
}
