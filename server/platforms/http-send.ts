// The modules, not their functions: msw replaces `http.request` on the module, which a named import
// taken at load time would never see.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import https from 'node:https';
import { nodeHttp as http } from '../lib/node-http.ts';
import { PLATFORM_FAULT_HEADER } from '../lib/platform-fault-header.ts';

const PLATFORM_FAULT_HEADER_LOWER = PLATFORM_FAULT_HEADER.toLowerCase();

/** One exchange's outcome: the status and the whole body, as text or, for a binary type (`binary`), as bytes. */
export interface SentAnswer {
  status: number;
  text: string;
  bytes?: Buffer;
  headers: IncomingHttpHeaders;
  /** The simulators' outage answer of an injected fault (lib/platform-fault-header.ts). */
  faulted: boolean;
}

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** An answer of this content type is kept as bytes, not decoded as text. */
  binary?: string;
}

/**
 * node:http with kept-alive connections, not the global fetch: per call, fetch cost the API about
 * 0.33 ms of CPU on loopback against 0.11 ms for http.request (its headers and body go out in two
 * writes, and its streams and Request objects are built for every call), and a fixture world makes
 * ~600 calls (docs/performance.md, "Fixtures"). msw intercepts http.request as it does fetch.
 */
export function createSender() {
  // One pool per client: the companion is one origin, and its connections outlive a call.
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  function once(url: URL, out: Outgoing, timeoutMs: number, pooled = true): Promise<SentAnswer & { reused: boolean }> {
    return new Promise((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const headers = out.body === undefined ? out.headers : { ...out.headers, 'content-length': String(Buffer.byteLength(out.body)) };
      // Not pooled: a connection of its own, for the one try again below.
      const options = { method: out.method, headers, agent: pooled ? (secure ? agents.https : agents.http) : false };
      // True only while the request went out on a kept-alive connection and no answer has begun.
      let reused = false;
      // A 102 came first: a slow fault set on the platform holds the request (simulators/common/faults.ts).
      let heldByFault = false;
      let timer: NodeJS.Timeout | undefined;
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(Object.assign(err, { reused, faulted: heldByFault }));
      };
      const read = (res: IncomingMessage) => {
        // The peer read the request and answers: whatever cuts the answer now must not send it again.
        reused = false;
        const faulted = res.headers[PLATFORM_FAULT_HEADER_LOWER] !== undefined;
        const answered = (body: { text: string; bytes?: Buffer }) =>
          (clearTimeout(timer), resolve({ status: res.statusCode ?? 0, ...body, headers: res.headers, faulted, reused }));
        if (out.binary !== undefined && res.headers['content-type'] === out.binary) {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => answered({ text: '', bytes: Buffer.concat(chunks) }));
        } else {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => answered({ text }));
        }
        res.on('error', fail);
      };
      const req = secure ? https.request(url, options, read) : http.request(url, options, read);
      // Connection to last byte: a peer that stalls mid-body is as unavailable as one that never answers.
      timer = setTimeout(() => req.destroy(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      req.on('socket', () => (reused = req.reusedSocket));
      // The peer has the request (never sent again) and says a fault holds it.
      req.on('information', (info) => void (info.statusCode === 102 && ((reused = false), (heldByFault = true))));
      req.on('error', fail);
      req.end(out.body);
    });
  }

  /**
   * Sends and reads the answer. A kept-alive connection the peer closed as it was reused resets
   * before any answer begins (node's documented case for `reusedSocket`): that one is tried again
   * once, on a connection of its own. Once an answer has begun nothing is sent again, since the peer
   * may have acted on the request (a registration, an invitation).
   */
  return async function send(url: URL, out: Outgoing, timeoutMs: number): Promise<SentAnswer> {
    try {
      return await once(url, out, timeoutMs);
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { reused?: boolean };
      if (e.reused && e.code === 'ECONNRESET') return once(url, out, timeoutMs, false);
      throw err;
    }
  };
}
