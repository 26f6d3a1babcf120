import type { Express, Request, RequestHandler, Response } from 'express';
import type { Deps } from '../deps.ts';
import { requestIdOf } from '../http/request-id.ts';
import { tapBody, type BodyTap } from './body-tap.ts';
import { MAX_BODY_BYTES, type EntryMeta, type JournalRecord, type PendingEntry, type RawCapture, type StoredBody, type StoredEntry } from './entry.ts';
import { CREDENTIAL_HEADERS, cutBody, HIDDEN, queryObject, redact, redactAuthorization, redactJson, withoutCutKey } from './redact.ts';
import { tokenHider, type TokenHider } from './token-hider.ts';
import type { JournalStore } from './store.ts';
import { isJsonType } from '../http/parse.ts';

/** Who a request's key belongs to, set by the key check once the secret matched (even for a refused key). */
export interface KeyOwner {
  tenantId: string;
  keyId: string;
  keyPrefix: string;
  /** The world's clock offset when the key was checked: its time is service time plus this. */
  offsetMs: number;
}

/** The longest path kept: a hostile client can send 100 KB of path. */
const MAX_PATH_CHARS = 2048;
/** Counted per entry beside its text (twice each text's length: a UTF-16 string may take two bytes a character). */
const ENTRY_OVERHEAD_BYTES = 200;
/** A capture not yet read holds both messages' headers as objects: counted as this much beside the request's header text. */
const PENDING_HEADERS_BYTES = 1000;
/** A capture counted above this (an answer of more than ~64 KiB) is built at once (kept). */
const SETTLE_NOW_BYTES = ENTRY_OVERHEAD_BYTES + PENDING_HEADERS_BYTES + 2 * MAX_BODY_BYTES;

/** The request's header names and values, in characters (up to node:http's 16 KiB of them). */
function headerChars(req: Request): number {
  let chars = 0;
  for (const text of req.rawHeaders) chars += text.length;
  return chars;
}
/** Where the answer's body waits for the journal, in `res.locals`. */
const SENT = 'journalSentBody';
/** The journals' losses as the request was let into its world (`admittedToWorld`). */
const ADMITTED = 'journalLossesAtAdmission';

const TEXT_TYPES = /^(application\/(?:[\w.+-]*\+)?(?:json|xml|x-www-form-urlencoded)|text\/)/i;

/**
 * Remembers what each answer of `app` sends, for the journal. Patched on this app's own response
 * prototype (Express gives each app its own), once: no closure per request, and `res` keeps its shape.
 */
export function rememberSentBodies(app: Express): void {
  const send = app.response.send;
  app.response.send = function (this: Response, body?: unknown) {
    rememberSent(this, body);
    return send.call(this, body);
  } as typeof send;
}

/** Keeps what an answer sends, for the journal (answers written without `send` tell it here). */
export const rememberSent = (res: Response, body: unknown): void => {
  res.locals[SENT] = body;
};

/**
 * Puts every /v1 request made with one of a world's keys into that world's journal, when its answer
 * is done (or the client went away). The request path pays a timestamp, a listener and a capture of
 * references the request already holds (the key's secret dropped at once); the entry itself (JSON,
 * redaction, cuts) is built when the journal is first read (settle), off the request path.
 */
export function journalCapture(deps: Pick<Deps, 'clocks' | 'realNowMs' | 'logger' | 'controlToken'>, store: JournalStore): RequestHandler {
  // Built once: its pattern of the token's spellings serves every entry of every world.
  const hide = tokenHider(deps.controlToken ?? null);
  return (req, res, next) => {
    const startMs = deps.realNowMs();
    const lossesAtArrival = store.losses();
    const tap = req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined ? null : tapBody(req);
    res.on('close', () => {
      const owner = res.locals.keyOwner as KeyOwner | undefined;
      // Its world's journal lost (deleted, reset, restored, cleared) once it was under way in it: the
      // request belongs to none after it.
      if (!owner || store.droppedSince(owner.tenantId, (res.locals[ADMITTED] as number | undefined) ?? lossesAtArrival)) return;
      // The offset came with the key (one query less per request); an advance of this world while the
      // request was under way shows in the next entry.
      const capture = captureOf(req, res, { owner, durationMs: Math.max(0, deps.realNowMs() - startMs), tap, atMs: deps.clocks.service.nowMs() + owner.offsetMs, hide });
      // After the answer, outside any handler: whatever a client sent, a fault here must not end the process.
      try {
        store.append(owner.tenantId, kept(capture));
      } catch (err) {
        deps.logger.error('journal capture failed', { tenantId: owner.tenantId, error: String(err) });
      }
    });
    next();
  };
}

/**
 * Marks when a request is let into its world (the world's gate tells it: app.ts), after any wait for
 * that world's restore: one that waited runs in the restored world, and is journaled there, the
 * restore's `clearRequests` or not. Its arrival, noted before that wait, dropped it from the journal
 * it then wrote in. A request a `delay` rule holds is readmitted by another path, and keeps this mark.
 */
export const admittedToWorld = (store: JournalStore) => (res: Response): void => {
  res.locals[ADMITTED] = store.losses();
};

export interface Captured {
  owner: KeyOwner;
  durationMs: number;
  tap: BodyTap | null;
  /** World time when the answer was done. */
  atMs: number;
  /** Hides the serve's control token wherever the request carried it (token-hider.ts). */
  hide?: TokenHider;
}

/** The raw capture of a finished request, as the journal holds it until it is read (exported for the memory-bound test). */
export function captureOf(req: Request, res: Response, { owner, durationMs, tap, atMs, hide = tokenHider(null) }: Captured): PendingEntry {
  const url = req.originalUrl;
  // What went out: nothing when no answer did (the client left, a reset fault), and no body for a
  // HEAD, whatever the handler gave res.send.
  const sent = res.headersSent && req.method !== 'HEAD' ? (res.locals[SENT] as unknown) : undefined;
  const raw: RawCapture = {
    method: req.method,
    url,
    status: res.writableFinished ? res.statusCode : null,
    requestId: requestIdOf(res) ?? '',
    atMs,
    durationMs,
    keyId: owner.keyId,
    keyPrefix: owner.keyPrefix,
    fault: typeof res.locals.faultRuleId === 'string' ? res.locals.faultRuleId : null,
    requestHeaders: requestHeaders(req),
    // None went out when the connection was dropped first (a reset fault): what was set is not shown as sent.
    responseHeaders: res.headersSent ? (res.getHeaders() as Record<string, string>) : {},
    // Only a JSON body the parser read is kept as parsed; a tap holds any other.
    parsedBody: req.body !== undefined && req.is('application/json') ? req.body : undefined,
    tap,
    sent,
    hide,
  };
  // A request with a body is built at once (kept), so only the answer's body is counted here.
  return { seq: 0, raw, bytes: ENTRY_OVERHEAD_BYTES + PENDING_HEADERS_BYTES + 2 * (url.length + headerChars(req) + sentChars(sent)) };
}

/**
 * What the journal keeps of a capture: the capture itself, or its entry built at once when the
 * request had a body or the answer is large. A parsed body's size is not known from its headers (a
 * chunked or gzipped one says nothing true, and parsed JSON can take several times its text), so it
 * is cut to 64 KiB and counted now; a bodiless request (most reads) waits for a read of the journal.
 */
export function kept(capture: PendingEntry): JournalRecord {
  const hasBody = capture.raw.parsedBody !== undefined || capture.raw.tap !== null;
  if (!hasBody && capture.bytes <= SETTLE_NOW_BYTES) return capture;
  const entry = settle(capture) as StoredEntry;
  entry.seq = capture.seq;
  return entry;
}

/** The stored entry a capture becomes when the journal is read: redacted, cut, in few flat strings. */
export function settle({ raw }: PendingEntry): Omit<StoredEntry, 'seq'> {
  const { url } = raw;
  const mark = url.indexOf('?');
  const rawPath = mark < 0 ? url : url.slice(0, mark);
  const { hide } = raw;
  const pathCut = rawPath.length > MAX_PATH_CHARS;
  const path = hide.text(pathCut ? withoutCutKey(redact(rawPath.slice(0, MAX_PATH_CHARS))) : redact(rawPath), pathCut);
  const rawQuery = mark < 0 ? '' : url.slice(mark + 1, mark + 1 + MAX_PATH_CHARS);
  const meta: EntryMeta = {
    requestId: raw.requestId,
    at: new Date(raw.atMs).toISOString(),
    // Hidden in the query's own text, where each spelling stands, before it is parsed.
    query: mark < 0 ? {} : queryObject(hide.text(rawQuery, url.length - mark - 1 > MAX_PATH_CHARS)),
    durationMs: raw.durationMs,
    keyId: raw.keyId,
    keyPrefix: raw.keyPrefix,
    fault: raw.fault,
    requestHeaders: hide.value(raw.requestHeaders),
    responseHeaders: hide.value(raw.responseHeaders),
  };
  const metaText = redactJson(JSON.stringify(meta));
  const request = hiddenIn(requestBody(raw), hide);
  const response = hiddenIn(raw.sentDropped ? DROPPED : responseBody(String(raw.responseHeaders['content-type'] ?? ''), raw.sent), hide);
  return {
    method: raw.method,
    path,
    status: raw.status,
    meta: metaText,
    requestBody: request.body,
    requestJson: request.json,
    requestTruncated: request.truncated,
    responseBody: response.body,
    responseJson: response.json,
    responseTruncated: response.truncated,
    bytes: ENTRY_OVERHEAD_BYTES + 2 * (path.length + metaText.length + sizeOf(request.body) + sizeOf(response.body)),
  };
}

/** The request's headers; the authorization header reduced to the key's prefix, other credentials hidden, right away. */
function requestHeaders(req: Request): Record<string, string> {
  const kept = { ...(req.headers as Record<string, string>) };
  if (kept.authorization !== undefined) kept.authorization = redactAuthorization(kept.authorization);
  for (const name of CREDENTIAL_HEADERS) if (kept[name] !== undefined) kept[name] = HIDDEN;
  return kept;
}

/** A body with the control token hidden: a JSON text string by string, a multipart description by its values. */
function hiddenIn(body: Body, hide: TokenHider): Body {
  if (body.body === null) return body;
  if (typeof body.body !== 'string') return { ...body, body: hide.value(body.body) };
  return { ...body, body: body.json ? hide.json(body.body) : hide.text(body.body, body.truncated) };
}

interface Body {
  body: StoredBody;
  json: boolean;
  truncated: boolean;
}

const NO_BODY: Body = { body: null, json: false, truncated: false };
/** A body given up for the bound: nothing of it is kept, and the entry says it was cut. */
const DROPPED: Body = { body: null, json: false, truncated: true };

/** Far deeper than any body the API takes, far shallower than what overflows the stack when written or read back. */
const MAX_JSON_DEPTH = 64;
const TOO_DEEP: Body = { body: `(JSON anidado a más de ${MAX_JSON_DEPTH} niveles: el diario no lo guarda)`, json: false, truncated: true };

/** Whether a parsed JSON value nests deeper than `limit` (walked with a stack of its own, not recursion). */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * A JSON body kept as parsed and written again: escapes such as `\u005f` are undone, so redaction
 * sees every key as the API saw it. One nested deeper than any API body is not written again
 * (thousands of levels overflowed the stack, in the answer's close handler: the process died); its
 * note says why.
 */
function keptJson(value: unknown): Body {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return TOO_DEEP;
  }
  const cut = cutBody(text);
  // Kept as JSON it is read back and written again at each read (and in the answer's JSON): one
  // that nests deep enough overflows there. The walk is on at most 64 KiB of text.
  if (!cut.truncated && deeperThan(value, MAX_JSON_DEPTH)) return TOO_DEEP;
  return { ...cut, json: !cut.truncated };
}

/** Whole JSON text parsed, or undefined: a body said to be JSON that is not, or was cut. */
function parsedWhole(text: string): unknown {
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function requestBody({ parsedBody, tap, requestHeaders: headers }: RawCapture): Body {
  const seen = tap?.result() ?? null;
  if (seen !== null && 'multipart' in seen) return { body: seen.multipart, json: false, truncated: !seen.whole };
  if (parsedBody !== undefined) return keptJson(parsedBody);
  if (seen === null) return NO_BODY;
  // A body the API did not read (its tenant pending, a content type it does not take) is what Node
  // drains once the answer is sent: JSON is kept as JSON all the same, as the contract says.
  const unread = isJsonType(headers['content-type']) ? parsedWhole(seen.text) : undefined;
  if (unread !== undefined) return keptJson(unread);
  const cut = cutBody(seen.text);
  return { body: cut.body, json: false, truncated: cut.truncated || Buffer.byteLength(seen.text) > MAX_BODY_BYTES };
}

function responseBody(type: string, sent: unknown): Body {
  if (!answerShown(type, sent)) return NO_BODY;
  const cut = cutBody(typeof sent === 'string' ? sent : (sent as Buffer).toString());
  return { ...cut, json: !cut.truncated && /json/i.test(type) };
}

/** The characters of an answer a capture holds (res.send's string or Buffer), counted twice in its bytes. */
const sentChars = (sent: unknown): number => (typeof sent === 'string' || Buffer.isBuffer(sent) ? sent.length : 0);

/** Whether an answer shows as a body: text, or bytes of a text type; never empty. */
function answerShown(type: string, sent: unknown): boolean {
  if (typeof sent === 'string') return sent !== '';
  return Buffer.isBuffer(sent) && sent.length > 0 && TEXT_TYPES.test(type);
}

/** What a record's bodies count against the bound: what giving them up would free (a binary answer, never shown, is not one). */
export function bodyBytesOf(record: JournalRecord): number {
  if ('raw' in record) {
    const { raw } = record;
    return answerShown(String(raw.responseHeaders['content-type'] ?? ''), raw.sent) ? 2 * sentChars(raw.sent) : 0;
  }
  return 2 * (sizeOf(record.requestBody) + sizeOf(record.responseBody));
}

/**
 * The record without its bodies, each marked cut (`truncated`, body null): what a world's oldest
 * entries give up so that it keeps its last KEPT_ENTRIES within the bound (store.ts). A capture not
 * read yet lets its answer go without being built (it has no request body: kept() builds those).
 * Returns the change of its count (negative), 0 when it had none to give.
 */
export function dropBodies(record: JournalRecord): number {
  const freed = bodyBytesOf(record);
  if (freed === 0) return 0;
  if ('raw' in record) Object.assign(record.raw, { sent: undefined, sentDropped: true });
  else {
    if (record.requestBody !== null) Object.assign(record, { requestBody: null, requestJson: false, requestTruncated: true });
    if (record.responseBody !== null) Object.assign(record, { responseBody: null, responseJson: false, responseTruncated: true });
  }
  record.bytes -= freed;
  return -freed;
}

const sizeOf = (body: StoredBody) => (body === null ? 0 : typeof body === 'string' ? body.length : 64 * body.parts.length);
