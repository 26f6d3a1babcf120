import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { AppError, failedParty, platformFaulted, platformUnavailable } from '../errors.ts';
import { createSender, type Outgoing } from './http-send.ts';

export interface PlatformClientOptions {
  /**
   * Where the platform is, e.g. http://127.0.0.1:4100/platform-a; configuration, never hard-coded.
   * A promise while the simulators start (serve builds the API meanwhile): calls wait for it.
   */
  baseUrl: string | Promise<string>;
  /** Real-time limit of one call, connection to last byte; simulated time never stretches it. */
  timeoutMs: number;
  /** Called at each answer, whatever its status: the peer is alive (serve's probe of the companion reads it). */
  onAnswer?: () => void;
}

export interface RemoteCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  bytes?: Uint8Array;
  contentType?: string;
  /** Asks for this binary content type (`Accept`); an answer of that type comes as `bytes`. */
  binary?: string;
}

/** An answer below 500; what it means is the calling method's business. */
export interface RemoteAnswer {
  status: number;
  body: unknown;
  /** The body of an answer of the binary type asked for (`RemoteCall.binary`); `body` is then null. */
  bytes?: Buffer;
  headers?: IncomingHttpHeaders;
}

export type Remote = (call: RemoteCall) => Promise<RemoteAnswer>;

function outgoing(call: RemoteCall): Outgoing {
  // JSON stays acceptable: a platform that does not speak the binary type answers as it always does.
  if (call.binary !== undefined) return { method: call.method, headers: { accept: `${call.binary}, application/json;q=0.5` }, binary: call.binary };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    return { method: call.method, headers, body: JSON.stringify(call.json) };
  }
  if (call.bytes !== undefined) {
    headers['content-type'] = call.contentType ?? 'application/octet-stream';
    return { method: call.method, headers, body: call.bytes };
  }
  return { method: call.method, headers };
}

/**
 * One HTTP call (http-send.ts; msw intercepts it in tests). Whatever keeps the platform from
 * answering — refused connection, reset, timeout, a 5xx — is the same thing to the API:
 * PLATFORM_UNAVAILABLE (503, Retry-After), to be retried later.
 */
export function createRemote(label: string, { baseUrl, timeoutMs, onAnswer }: PlatformClientOptions): Remote {
  const base = Promise.resolve(baseUrl).then((url) => url.replace(/\/+$/, ''));
  // Simulators that never started: each call says so (below); the promise alone is no crash.
  base.catch(() => undefined);
  const send = createSender();
  return async (call) => {
    try {
      const { status, text, bytes, headers, faulted } = await send(new URL((await base) + call.path), outgoing(call), timeoutMs);
      onAnswer?.();
      if (status >= 500) throw faulted ? platformFaulted(label, 'testbed') : platformUnavailable(label);
      if (bytes !== undefined) return { status, body: null, bytes, headers };
      return { status, body: text ? (JSON.parse(text) as unknown) : null, headers };
    } catch (err) {
      if (err instanceof AppError) throw err;
      // No answer in time, the request held by a slow fault set on the platform (http-send.ts).
      if ((err as { faulted?: boolean }).faulted) throw platformFaulted(label, 'testbed');
      throw platformUnavailable(label);
    }
  };
}

/** An answer the API cannot read is treated like no answer at all: the platform is not usable now. */
export function parseAnswer<T>(schema: z.ZodType<T>, answer: RemoteAnswer, label: string): T {
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw platformUnavailable(label);
  return parsed.data;
}

export interface PlatformErrorInfo {
  code: string;
  message: string;
}

/** A 4xx the client has no meaning for: the platform said no; its own words go into details. */
export function platformRejected(label: string, answer: RemoteAnswer, error: PlatformErrorInfo): AppError {
  const { who, plural } = failedParty(label);
  return new AppError('PLATFORM_REJECTED', `${who} ${plural ? 'rechazaron' : 'rechazó'} la operación.`, {
    platform: label,
    status: answer.status,
    code: error.code,
    message: error.message,
  });
}
