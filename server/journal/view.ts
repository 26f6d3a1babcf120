import type { EntryMeta, StoredBody, StoredEntry } from './entry.ts';
import type { JournalEntry, JournalMessage, JsonValue, MultipartBody } from './entry-shape.ts';

export type { JournalEntry, JournalMessage, JsonValue } from './entry-shape.ts';

export const entryId = (seq: number) => `je_${seq}`;

/** Header values as HTTP sends them: text, a repeated header joined. */
function headerText(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return out;
}

function bodyView(body: StoredBody, json: boolean): JsonValue | MultipartBody {
  if (typeof body !== 'string' || !json) return body;
  try {
    return JSON.parse(body) as JsonValue;
  } catch {
    return body;
  }
}

export function entryView(entry: StoredEntry, operationOf: (entry: StoredEntry) => string | null): JournalEntry {
  const meta = JSON.parse(entry.meta) as EntryMeta;
  return {
    id: entryId(entry.seq),
    requestId: meta.requestId,
    at: meta.at,
    method: entry.method,
    path: entry.path,
    query: meta.query,
    operation: operationOf(entry),
    status: entry.status,
    durationMs: meta.durationMs,
    keyId: meta.keyId,
    keyPrefix: meta.keyPrefix,
    fault: meta.fault,
    request: { headers: headerText(meta.requestHeaders), body: bodyView(entry.requestBody, entry.requestJson), truncated: entry.requestTruncated },
    response: { headers: headerText(meta.responseHeaders), body: bodyView(entry.responseBody, entry.responseJson), truncated: entry.responseTruncated },
  };
}
