import { nodeHttp } from '../lib/node-http.ts';
import type { MultipartBody } from './entry.ts';
import type { JournalEntry, JournalMessage } from './view.ts';

/** The Content-Disposition of a world's HAR: a file to save, then import in devtools. */
export const harAttachment = (tenantId: string) => `attachment; filename="${tenantId}.har"`;

/**
 * A world's journal as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), oldest first, as
 * browser devtools list a page's requests: open it in the Network panel (Import HAR).
 * Our own fields carry a leading underscore, as the format asks of extensions.
 */
export function toHar(entries: readonly JournalEntry[], creatorVersion: string) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'fleet-testbed', version: creatorVersion },
      pages: [],
      entries: [...entries].reverse().map(harEntry),
    },
  };
}

const pairs = (record: Record<string, string | string[]>) =>
  Object.entries(record).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })));

function bodyText(message: JournalMessage): string {
  const body = message.body;
  if (body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function postData(entry: JournalEntry) {
  const { body, headers } = entry.request;
  const mimeType = headers['content-type'] ?? '';
  if (body === null) return undefined;
  if (mimeType.startsWith('multipart/') && typeof body === 'object' && !Array.isArray(body)) {
    const params = (body as MultipartBody).parts.map((p) => ({ name: p.name, ...(p.filename === null ? { value: p.value ?? '' } : { fileName: p.filename, contentType: p.contentType ?? '' }) }));
    return { mimeType, params, text: '' };
  }
  return { mimeType, text: bodyText(entry.request) };
}

function harEntry(entry: JournalEntry) {
  const host = entry.request.headers.host ?? 'localhost';
  const search = new URLSearchParams(pairs(entry.query).map((p) => [p.name, p.value])).toString();
  const responseText = bodyText(entry.response);
  const post = postData(entry);
  return {
    startedDateTime: entry.at,
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: `http://${host}${entry.path}${search ? `?${search}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.request.headers),
      queryString: pairs(entry.query),
      ...(post ? { postData: post } : {}),
      headersSize: -1,
      bodySize: post ? Number(entry.request.headers['content-length'] ?? -1) : 0,
    },
    response: {
      status: entry.status ?? 0,
      statusText: entry.status === null ? '' : (nodeHttp.STATUS_CODES[entry.status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(entry.response.headers),
      content: { size: Buffer.byteLength(responseText), mimeType: entry.response.headers['content-type'] ?? '', text: responseText },
      redirectURL: '',
      headersSize: -1,
      bodySize: entry.status === null ? -1 : Buffer.byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    _id: entry.id,
    _requestId: entry.requestId,
    _operation: entry.operation,
    _fault: entry.fault,
    _truncated: entry.request.truncated || entry.response.truncated,
  };
}
