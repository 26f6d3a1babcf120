import type { IncomingMessage } from 'node:http';
import { nodeHttp } from '../../server/lib/node-http.ts';

export interface JsonAnswer {
  status: number;
  /** The parsed body; null when it was empty or not JSON. */
  body: unknown;
  headers: IncomingMessage['headers'];
}

/**
 * One JSON request with node:http. Not fetch: in Node 20 its first use loads undici and keeps the
 * process alive for a while after the answer, which made a one-call command 2–3× slower (bench/cli.ts).
 * Rejects when the server cannot be reached.
 */
export async function requestJson(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<JsonAnswer> {
  const request = url.startsWith('https:') ? (await import('node:https')).request : nodeHttp.request;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, { method: init.method, headers: init.headers }, resolve);
    req.once('error', reject);
    req.end(init.body);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')), headers: res.headers };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
