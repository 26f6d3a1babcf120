import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES, type MultipartBody, type MultipartPart } from './entry.ts';
import { redact, withoutCutKey } from './redact.ts';

const MAX_FIELD_VALUE = 1024;

/** What a tap has seen of a request body, read when the answer is done. */
export interface BodyTap {
  /**
   * The text read (up to one byte past the cut, so a cut is known), or the parts of a multipart body
   * with whether they are all of it (`whole`: false when its end had not arrived, or a limit cut it).
   * A multipart body with no part to describe because it cannot be read as parts (no boundary, or
   * malformed before its first part) is its text: what the client sent is what its author needs to see.
   */
  result(): { text: string } | { multipart: MultipartBody; whole: boolean } | null;
}

/**
 * Watches the chunks of a request body as whoever reads it (the JSON parser, the upload) reads
 * them, without reading it itself: a `data` listener would start the stream before its reader is
 * there. A body nobody reads (a refused key's) is never pulled off the socket for the journal.
 */
export function tapBody(req: IncomingMessage): BodyTap {
  const multipart = /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
  const describer = multipart ? describeParts(req) : null;
  const chunks: Buffer[] = [];
  let kept = 0;
  const emit = req.emit;
  req.emit = function (this: IncomingMessage, event: string | symbol, ...args: unknown[]) {
    if (event === 'data') {
      const chunk = args[0] as Buffer;
      describer?.write(chunk);
      // A multipart body's bytes too: kept as text if it cannot be read as parts (result()).
      if (kept <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        kept += chunk.length;
      }
    } else if (event === 'end') describer?.end();
    return emit.call(this, event, ...args);
  } as typeof req.emit;
  return {
    result() {
      if (describer && !describer.unreadable()) return { multipart: describer.body(), whole: describer.whole() };
      if (kept === 0) return null;
      return { text: Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1).toString() };
    },
  };
}

/**
 * A field's value is read up to the journal's body cut, so its `size` is its own up to there; the
 * value shown is cut at MAX_FIELD_VALUE. A value past the body cut, parts past the 50th, and a body
 * whose end had not arrived (a fault answered before the API read it) make the description partial.
 */
const FIELD_READ_LIMIT = MAX_BODY_BYTES;
const MAX_PARTS = 50;

/** A second, describing-only multipart reader: names, file names, types and sizes, never the bytes. */
function describeParts(req: IncomingMessage): { body(): MultipartBody; whole(): boolean; unreadable(): boolean; write(chunk: Buffer): void; end(): void } {
  const body: MultipartBody = { parts: [] };
  // Files whose end has not been read: their size so far is not theirs (a 700 KB file answered
  // before the API read it would show 0), so they are described with size null.
  const unread = new Set<MultipartPart>();
  let parser: busboy.Busboy | null;
  // The request's end reached the parser: every part is described (busboy parses as it is written).
  let ended = false;
  let cut = false;
  let malformed = false;
  try {
    parser = busboy({ headers: req.headers, limits: { fieldSize: FIELD_READ_LIMIT, parts: MAX_PARTS } });
  } catch {
    parser = null; // no boundary: the upload answers 400; the journal keeps the body as text.
    malformed = true;
  }
  // A part with no name (`name=""` read as none, or no name at all) comes with `name` undefined: a
  // throw here, inside busboy's events, would end the whole process.
  parser?.on('field', (name: string | undefined, value, info) => {
    if (info.valueTruncated) cut = true;
    const size = Buffer.byteLength(value);
    // Cut at MAX_FIELD_VALUE bytes, as busboy cut it before: its end may hold part of a key.
    const shown = size > MAX_FIELD_VALUE ? Buffer.from(value).subarray(0, MAX_FIELD_VALUE).toString() : value;
    body.parts.push({ name: redact(name ?? ''), filename: null, contentType: info.mimeType, size, value: withoutCutKey(redact(shown)) });
  });
  parser?.on('file', (name: string | undefined, stream, info) => {
    const part: MultipartPart = { name: redact(name ?? ''), filename: info.filename ? redact(info.filename) : null, contentType: info.mimeType, size: 0 };
    body.parts.push(part);
    unread.add(part);
    stream.on('data', (chunk: Buffer) => void (part.size! += chunk.length));
    stream.on('end', () => void unread.delete(part));
    stream.on('error', () => undefined);
  });
  parser?.on('partsLimit', () => void (cut = true));
  parser?.on('error', () => {
    parser = null; // a malformed body: what was described so far stays, the rest is left out.
    cut = true;
    malformed = true;
  });
  const describes = parser !== null;
  return {
    body: () => (unread.size === 0 ? body : { parts: body.parts.map((part) => (unread.has(part) ? { ...part, size: null } : part)) }),
    // No boundary: nothing to describe (the upload answers 400), and nothing left out.
    // A file whose end has not been read (its stream ends a tick after the parser's) is not whole yet.
    whole: () => !describes || (ended && !cut && unread.size === 0),
    // Ended with no part described, it could not be read as parts (busboy's own end check comes with
    // the parser's end: a body that never had a part errs there, "Unexpected end of form").
    unreadable: () => malformed && body.parts.length === 0,
    write: (chunk) => void parser?.write(chunk),
    end: () => {
      ended = true;
      parser?.end();
    },
  };
}
