import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilePartSpec } from './schema.ts';
import { fileProblem } from '../lib/file-errors.ts';
import { requestText } from '../lib/http-json.ts';

/** What one step sent and got back; the transcript shows it, expectations and captures read it. */
export interface Exchange {
  request: {
    method: string;
    path: string;
    key?: string | null;
    authorization?: string;
    headers?: Record<string, string>;
    body?: unknown;
    multipart?: Record<string, unknown>;
    /** A clock step: the scenario's tenants (by alias) whose worlds it moved. */
    worlds?: string[];
  };
  /** `status` null: the connection closed with no answer (a fault rule's `reset`), the body null, no headers. */
  response: { status: number | null; body: unknown; headers: Record<string, string> };
  /** Why no answer came (status null), for a step that did not expect it. */
  closed?: string;
}

/** An answer that came: what `send` gives. */
export type Answer = Exchange['response'] & { status: number };

export const FIXTURE_FILES = fileURLToPath(new URL('../../fixtures/files/', import.meta.url));

export class StepError extends Error {}

/** The connection closed before any answer came (a fault rule's `reset`): a request step may expect it (`status: null`). */
export class ConnectionClosed extends StepError {}

export interface SendInit {
  method: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: MultipartBody;
  /** A request step's own limit (its `timeout`), connection to last byte. */
  timeoutMs?: number;
}

/** A multipart/form-data body, already encoded. */
export interface MultipartBody {
  bytes: Buffer;
  contentType: string;
}

/**
 * The connection closed under the request (a `reset` rule): reset while the answer was awaited, or
 * while a large body was still being written (EPIPE), or aborted.
 */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** What a step's answer shows for its status: no answer at all is said so. */
export const statusText = (status: number | null): string => (status === null ? '(ninguna: la conexión se cortó)' : String(status));

/** The call failed before any answer; its code says why, in words the user can act on. */
function unreachable(err: unknown, timeoutMs?: number): string {
  const code = ((err as { code?: string }).code ?? '') as string;
  if (code === 'ETIMEDOUT' && timeoutMs !== undefined) return `no respondió en ${timeoutMs / 1000} s, el límite del paso (request.timeout lo cambia)`;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'nadie escucha en esa dirección (¿está en marcha el serve?)',
    ECONNRESET: 'la conexión se cortó',
    EPIPE: 'la conexión se cortó mientras se enviaba el cuerpo',
    ECONNABORTED: 'la conexión se cortó',
    ENOTFOUND: 'el nombre del host no se resuelve',
    ETIMEDOUT: 'no respondió a tiempo',
  };
  return reasons[code] ?? `la conexión falló${code ? ` (${code})` : ''}`;
}

/**
 * One HTTP call (requestText: node:http, not fetch, whose undici was ~40 % of a scenario run's CPU).
 * The answer's body that is not JSON is kept as text, an empty one as null; its headers come back
 * lower-cased, as node:http gives them (a repeated one joined with ", ", or its first value for
 * those that may appear once); a redirect is the step's answer, not followed.
 */
export async function send(url: string, init: SendInit): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: Buffer | string | undefined;
  if (init.form) [body, headers['content-type']] = [init.form.bytes, init.form.contentType];
  else if (init.json !== undefined) [body, headers['content-type']] = [JSON.stringify(init.json), 'application/json'];
  let answer: Awaited<ReturnType<typeof requestText>>;
  try {
    answer = await requestText(url, { method: init.method, headers, body, timeoutMs: init.timeoutMs });
  } catch (err) {
    const Failure = CUT.has((err as { code?: string }).code ?? '') ? ConnectionClosed : StepError;
    throw new Failure(`no se pudo llamar a ${url}: ${unreachable(err, init.timeoutMs)}`);
  }
  const { status, text } = answer;
  let parsed: unknown = text === '' ? null : text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the body, for the report to show.
  }
  const answered = Object.entries(answer.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
  return { status, body: parsed, headers: Object.fromEntries(answered) };
}

const typeByExtension = (name: string) =>
  name.endsWith('.png') ? 'image/png' : /\.jpe?g$/.test(name) ? 'image/jpeg' : 'application/octet-stream';

interface Part {
  name: string;
  bytes: Buffer;
  filename?: string;
  contentType?: string;
}

function filePart(name: string, spec: FilePartSpec): { part: Part; shown: Record<string, unknown> } {
  if ('fixture' in spec) {
    const bytes = readFileSync(`${FIXTURE_FILES}${basename(spec.fixture)}`);
    const part = { name, bytes, filename: spec.filename ?? basename(spec.fixture), contentType: spec.contentType ?? typeByExtension(spec.fixture) };
    return { part, shown: { fixture: spec.fixture, bytes: bytes.length } };
  }
  const part = { name, bytes: Buffer.from(spec.text, 'utf8'), filename: spec.filename ?? 'file.txt', contentType: spec.contentType ?? 'text/plain' };
  return { part, shown: { text: spec.text } };
}

// As undici's FormData (and browsers) encode an entry: line breaks of names and text values as
// CRLF, then CR, LF and " of a quoted parameter escaped; a part's type as a Blob keeps it, lower
// case, or none when it holds anything but printable ASCII (octet-stream then).
const crlf = (value: string) => value.replace(/\r?\n|\r/g, '\r\n');
const quoted = (value: string) => `"${value.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22')}"`;
const blobType = (type: string) => (/^[\x20-\x7E]*$/.test(type) ? type.toLowerCase() : '') || 'application/octet-stream';

/** RFC 7578: each part's headers, a blank line, its bytes; the boundary around and after them. */
function encodeMultipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name=${quoted(crlf(p.name))}${p.filename === undefined ? '' : `; filename=${quoted(p.filename)}`}`;
    const type = p.contentType === undefined ? '' : `Content-Type: ${blobType(p.contentType)}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'), p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart body from the step, and how the transcript shows it (file bytes are not copied in). */
export function buildForm(fields: Record<string, string | FilePartSpec>): { form: MultipartBody; shown: Record<string, unknown> } {
  const parts: Part[] = [];
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      parts.push({ name, bytes: Buffer.from(crlf(value), 'utf8') });
      shown[name] = value;
      continue;
    }
    let file;
    try {
      file = filePart(name, value);
    } catch (err) {
      throw new StepError(`el archivo del campo ${name} no se puede leer: ${fileProblem(err, 'read')}`);
    }
    parts.push(file.part);
    shown[name] = file.shown;
  }
  const boundary = `----fleet-sim-${randomBytes(12).toString('hex')}`;
  return { form: { bytes: encodeMultipart(parts, boundary), contentType: `multipart/form-data; boundary=${boundary}` }, shown };
}
