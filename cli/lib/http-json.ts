import type { IncomingMessage } from 'node:http';
import { nodeHttp } from '../../server/lib/node-http.ts';

export interface JsonAnswer {
  status: number;
  /** The parsed body; null when it was empty or not JSON. */
  body: unknown;
  headers: IncomingMessage['headers'];
}

export interface HttpInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Real-time limit, connection to last byte: past it the call fails with code ETIMEDOUT. */
  timeoutMs?: number;
}

/**
 * One request with node:http, its answer's body as text. Not fetch: its first use loads undici
 * (and in Node 20 keeps the process alive for a while after the answer), which made a one-call
 * command 2–3× slower (bench/cli.ts) and was ~40 % of a scenario run's CPU. A body goes with its
 * Content-Length, on any method (node:http frames a DELETE's body only so). Rejects when the server
 * cannot be reached, with node's error (its `code` says why).
 */
export async function requestText(url: string, init: HttpInit): Promise<{ status: number; text: string; headers: IncomingMessage['headers'] }> {
  const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
  const request = url.startsWith('https:') ? (await import('node:https')).request : nodeHttp.request;
  let timer: NodeJS.Timeout | undefined;
  try {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(url, { method: init.method, headers }, resolve);
      req.once('error', reject);
      if (init.timeoutMs !== undefined) {
        const expired = Object.assign(new Error(`no answer in ${init.timeoutMs} ms`), { code: 'ETIMEDOUT' });
        timer = setTimeout(() => req.destroy(expired), init.timeoutMs);
      }
      req.end(init.body);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers };
  } finally {
    clearTimeout(timer);
  }
}

/** One JSON request (requestText): the body parsed, null when empty or not JSON. */
export async function requestJson(url: string, init: HttpInit): Promise<JsonAnswer> {
  const { status, text, headers } = await requestText(url, init);
  return { status, body: parseJson(text), headers };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
