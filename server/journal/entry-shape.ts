/**
 * The shape of a journal entry as the control API shows it (contract §5), in a file of its own with
 * no server import: the testing library's declarations name these types, and a user's project must
 * compile them without Node's own types (@types/node) or the server's internals.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A multipart body: each part described, never a file's bytes. Filled while the parts stream by. */
export interface MultipartBody {
  parts: MultipartPart[];
}

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  /** Bytes; null for a file whose end had not been read when the answer went out (the entry is `truncated`). */
  size: number | null;
  /** A field's value (cut at 1 KiB); absent for a file. */
  value?: string;
}

/** A journal entry as the control API shows it (contract §5). */
export interface JournalEntry {
  id: string;
  requestId: string;
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  operation: string | null;
  status: number | null;
  durationMs: number;
  keyId: string;
  keyPrefix: string;
  fault: string | null;
  request: JournalMessage;
  response: JournalMessage;
}

export interface JournalMessage {
  headers: Record<string, string>;
  /** JSON as JSON, other text as text, multipart as its parts; null when no body was sent or read. */
  body: JsonValue | MultipartBody;
  truncated: boolean;
}
