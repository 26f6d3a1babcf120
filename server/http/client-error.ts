import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../errors.ts';
import { newRequestId, REQUEST_ID_HEADER } from './request-id.ts';

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

/**
 * `clientError` listener of the http.Server: a request Node's parser refuses before Express sees it
 * (headers over the limit, a broken request line) is answered in the API's envelope instead of
 * Node's bare status line. A socket already gone or mid-answer is only closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's own default makes the same check: a response already under way cannot take a second one.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (err.code === 'ECONNRESET' || !socket.writable || answering) {
    socket.destroy();
    return;
  }
  // Then closed from this side: a client that keeps its half open (paused at a breakpoint) would
  // otherwise hold the connection, and with it the request at the gates (http-server.ts).
  socket.end(clientErrorResponse(err.code), () => socket.destroy());
}
