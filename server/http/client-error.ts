import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Response } from 'express';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors.ts';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.ts';
import { sendError } from './error-handler.ts';

interface ParserAnswer {
  status: number;
  reason: string;
  code: ErrorCode;
  message: string;
}

/** Node's own choices of status (lib/_http_server.js), each with a code of spec §7 and a Spanish message. */
const ANSWERS: Record<string, ParserAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431, reason: 'Request Header Fields Too Large', code: 'VALIDATION',
    message: 'Las cabeceras de la solicitud son demasiado grandes (máximo 16 KB en total).',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413, reason: 'Payload Too Large', code: 'FILE_TOO_LARGE',
    message: 'Las extensiones de los fragmentos (chunked) de la solicitud son demasiado grandes.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408, reason: 'Request Timeout', code: 'VALIDATION',
    message: 'La solicitud no llegó completa a tiempo.',
  },
};

/** CONNECT: Node hands it to no request handler, and without a listener closed the socket with no answer at all. */
const CONNECT: ParserAnswer = {
  status: 405, reason: 'Method Not Allowed', code: 'VALIDATION',
  message: 'El método CONNECT no está permitido: el testbed no es un proxy.',
};

const MALFORMED: ParserAnswer = {
  status: 400, reason: 'Bad Request', code: 'VALIDATION',
  message: 'La solicitud HTTP está mal formada y no se pudo leer.',
};

/** HTTP/1.1 makes Host obligatory; Node's own refusal of a request without it had no body. */
const NO_HOST: ParserAnswer = {
  status: 400, reason: 'Bad Request', code: 'VALIDATION',
  message: 'Falta la cabecera Host, obligatoria en HTTP/1.1.',
};

/** An `Expect` other than 100-continue; Node's own 417 had no body. */
const expectationFailed = (expect: string): ParserAnswer => ({
  status: 417, reason: 'Expectation Failed', code: 'VALIDATION',
  message: `La cabecera Expect «${expect.slice(0, 100)}» no se admite: solo 100-continue.`,
});

/** A refusal of a request Node has read but Express must not see, in the API's envelope, its connection closed. */
function refuse(res: ServerResponse, { status, code, message }: ParserAnswer): void {
  const requestId = newRequestId();
  const body = JSON.stringify({ error: { code, message, details: null, requestId } });
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), [REQUEST_ID_HEADER]: requestId, Connection: 'close',
  });
  res.end(body);
}

/** The app, behind the refusal of an HTTP/1.1 request without Host (the server takes them: `requireHostHeader: false`). */
export const requiringHost = (app: RequestListener): RequestListener => (req, res) => {
  if (req.headers.host === undefined && req.httpVersion === '1.1') return refuse(res, NO_HOST);
  app(req, res);
};

/** `checkExpectation` listener of the http.Server: an `Expect` it cannot meet, answered 417 in the envelope. */
export function answerExpectation(req: IncomingMessage, res: ServerResponse): void {
  refuse(res, expectationFailed(String(req.headers.expect)));
}

/** The raw HTTP/1.1 answer: no Express here, the request never got that far. */
export function clientErrorResponse(errorCode: string | undefined, requestId = newRequestId()): string {
  return rawAnswer(ANSWERS[errorCode ?? ''] ?? MALFORMED, requestId);
}

function rawAnswer({ status, reason, code, message }: ParserAnswer, requestId: string, extra: string[] = []): string {
  const body = JSON.stringify({ error: { code, message, details: null, requestId } });
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    ...extra,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** `connect` listener of the http.Server: a CONNECT is answered 405 in the API's envelope, as any method a path lacks. */
export function answerConnect(_req: unknown, socket: Duplex): void {
  socket.end(rawAnswer(CONNECT, newRequestId(), ['Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS']), () => socket.destroy());
}

/** Connections whose refusal waits for the answer under way (answerClientError). */
const waiting = new WeakSet<Duplex>();
/** Connections whose broken request is being answered through the app (answerInApp). */
const answering = new WeakSet<Duplex>();

/** A request that reached the app has an Express response: its answers go through the app's own send. */
const isAppResponse = (res: ServerResponse): res is Response => typeof (res as Partial<Response>).json === 'function';

/**
 * The refusal of a request the app was reading when its bytes broke (a chunk that is not hex, a
 * broken chunk size line), answered as that request, with its id: its world's journal then holds
 * the answer its client got, not a request with none under another id. Closed once sent: the bytes
 * after the broken ones cannot be read as a request. What the app was doing with its body ends
 * there (the error handler leaves an answered request alone).
 */
function answerInApp(res: Response, { status, code, message }: ParserAnswer, socket: Duplex): void {
  answering.add(socket);
  if (res.getHeader(REQUEST_ID_HEADER) === undefined) res.setHeader(REQUEST_ID_HEADER, newRequestId());
  res.shouldKeepAlive = false;
  res.setHeader('Connection', 'close');
  res.once('finish', () => socket.destroy());
  sendError(res, code, message, null, {}, status);
}

/**
 * `clientError` listener of the http.Server: a request Node's parser refuses before Express sees it
 * (headers over the limit, a broken request line) is answered in the API's envelope instead of
 * Node's bare status line. A socket already gone or mid-answer is only closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // A request read before the bytes that broke (a body sent with no Content-Length nor chunked:
  // HTTP/1.1 reads it as the start of the next request) is answered first: what it did is done, and
  // its client must learn so, not get the refusal of what followed it instead. Node's own default
  // closed the connection under that answer.
  const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !inFlight.writableFinished && inFlight.req.complete) {
    // Once: the broken parser reports again every later chunk (and the client's end) meanwhile.
    if (waiting.has(socket)) return;
    waiting.add(socket);
    inFlight.once('close', () => {
      waiting.delete(socket);
      answerClientError(err, socket);
    });
    return;
  }
  // The request under way is the one that failed (its body stopped coming): an answer already
  // started cannot take a second one (Node's own default makes the same check).
  if (answering.has(socket)) return;
  if (inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // The 400 only, which every operation of the partner document declares: the receive deadline's
  // 408 is no status of the spec (and a chunk extensions' 413 not one of every operation's), so
  // those stay Node's raw answer (logged with no status, as a client that left).
  if (inFlight && isAppResponse(inFlight) && !Object.hasOwn(ANSWERS, err.code ?? '')) {
    answerInApp(inFlight, MALFORMED, socket);
    return;
  }
  // Then closed from this side: a client that keeps its half open (paused at a breakpoint) would
  // otherwise hold the connection, and with it the request at the gates (http-server.ts).
  socket.end(clientErrorResponse(err.code), () => socket.destroy());
}
