import type { RequestListener, Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createHttpServer } from '../../server/http/http-server.ts';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Sends bytes as they are (no HTTP client would send a broken request) and reads until the server closes. */
export function rawRequest(port: number, raw: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
      }));
      const bodyText = rest.join('\r\n\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: bodyText ? JSON.parse(bodyText) : null });
    });
    socket.end(raw);
  });
}

/** A GET whose headers pass Node's 16 KB limit. */
export const oversizedHeadersRequest = (path = '/v1/health') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`;

/**
 * `app` on the server serve listens with (server/http/http-server.ts: its parser refusals answered in
 * the envelope), on a free loopback port for the describe block that calls it; `port` and `server` once listening.
 */
export function onServesHttpServer(app: RequestListener): { readonly port: number; readonly server: Server } {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { get port() { return port; }, get server() { return server; } };
}
