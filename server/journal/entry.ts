import type { TokenHider } from './token-hider.ts';
import type { RequestOperation } from '../faults/request-operation.ts';
import type { BodyTap } from './body-tap.ts';
import type { MultipartBody } from './entry-shape.ts';

/**
 * A journal entry once read (settled, capture.ts): what capture took from the request, redacted and cut. Few objects per entry, most of it in flat strings: the
 * garbage collector walks objects, not bytes, and a journal of tens of thousands of entries must
 * not slow every request down. view.ts turns it into the contract's shape when it is read.
 */
export interface StoredEntry {
  /** Per world, increasing; the entry's id is `je_<seq>`. Not from the seeded id stream, which the journal must not move. */
  seq: number;
  method: string;
  path: string;
  /** null: the connection closed with no answer. */
  status: number | null;
  /** The document's operation it is, found on first read (match.ts); undefined until then. */
  op?: RequestOperation | null;
  /** The rest of the entry's small fields and both messages' headers, as one JSON text (EntryMeta). */
  meta: string;
  /** Text (JSON or not), a multipart description, or null when no body was sent or read. */
  requestBody: StoredBody;
  /** The text is JSON (shown as JSON when read): the request body the API parsed. */
  requestJson: boolean;
  requestTruncated: boolean;
  responseBody: StoredBody;
  responseJson: boolean;
  responseTruncated: boolean;
  /** What this entry is counted as against the memory bound (store.ts). */
  bytes: number;
}

export type StoredBody = string | MultipartBody | null;

/**
 * What capture keeps of a request until the journal is read: references the request and its answer
 * already made, nothing built. The authorization header is already cut to the key's prefix.
 */
export interface RawCapture extends Omit<EntryMeta, 'at' | 'query'> {
  method: string;
  /** The request's URL, path and query as sent. */
  url: string;
  status: number | null;
  /** World time when the answer was done. */
  atMs: number;
  /** A JSON request body as the parser read it. */
  parsedBody: unknown;
  tap: BodyTap | null;
  /** What the answer sent (res.send's argument). */
  sent: unknown;
  /** The answer's body was given up for the memory bound (store.ts): shown null, `truncated: true`. */
  sentDropped?: boolean;
  /** Hides the serve's control token in the entry when it is built (token-hider.ts). */
  hide: TokenHider;
}

/** A captured request not read yet; `bytes` is an estimate until it is settled. */
export interface PendingEntry {
  seq: number;
  bytes: number;
  raw: RawCapture;
}

/** What a world's journal holds: entries read once, and captures not read yet. */
export type JournalRecord = StoredEntry | PendingEntry;

/** What `meta` holds. */
export interface EntryMeta {
  requestId: string;
  /** World time (ISO) when the answer was done. */
  at: string;
  query: Record<string, string | string[]>;
  durationMs: number;
  keyId: string;
  keyPrefix: string;
  fault: string | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

export type { MultipartBody, MultipartPart } from './entry-shape.ts';

/** The longest body kept, in bytes (contract §5). */
export const MAX_BODY_BYTES = 64 * 1024;
