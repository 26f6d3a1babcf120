import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilePartSpec } from './schema.ts';
import { fileProblem } from '../lib/file-errors.ts';

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
  response: { status: number; body: unknown; headers: Record<string, string> };
}

export const FIXTURE_FILES = fileURLToPath(new URL('../../fixtures/files/', import.meta.url));

export class StepError extends Error {}

export interface SendInit {
  method: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

/** One HTTP call; a body that is not JSON is kept as text, an empty one as null. */
/** fetch says "fetch failed" in English; its cause's code says why, in words the user can act on. */
function unreachable(err: unknown): string {
  const code = ((err as { cause?: { code?: string } }).cause?.code ?? '') as string;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'nadie escucha en esa dirección (¿está en marcha el serve?)',
    ECONNRESET: 'la conexión se cortó',
    ENOTFOUND: 'el nombre del host no se resuelve',
    ETIMEDOUT: 'no respondió a tiempo',
  };
  return reasons[code] ?? `la conexión falló${code ? ` (${code})` : ''}`;
}

export async function send(url: string, init: SendInit): Promise<Exchange['response']> {
  const headers = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
  } catch (err) {
    throw new StepError(`no se pudo llamar a ${url}: ${unreachable(err)}`);
  }
  const text = await res.text();
  let body: unknown = text === '' ? null : text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the body, for the report to show.
  }
  return { status: res.status, body, headers: Object.fromEntries(res.headers) };
}

const typeByExtension = (name: string) =>
  name.endsWith('.png') ? 'image/png' : /\.jpe?g$/.test(name) ? 'image/jpeg' : 'application/octet-stream';

function filePart(spec: FilePartSpec): { blob: Blob; filename: string; shown: Record<string, unknown> } {
  if ('fixture' in spec) {
    const bytes = readFileSync(`${FIXTURE_FILES}${basename(spec.fixture)}`);
    const blob = new Blob([bytes], { type: spec.contentType ?? typeByExtension(spec.fixture) });
    return { blob, filename: spec.filename ?? basename(spec.fixture), shown: { fixture: spec.fixture, bytes: bytes.length } };
  }
  const type = spec.contentType ?? 'text/plain';
  return { blob: new Blob([spec.text], { type }), filename: spec.filename ?? 'file.txt', shown: { text: spec.text } };
}

/** A multipart form from the step, and how the transcript shows it (file bytes are not copied in). */
export function buildForm(fields: Record<string, string | FilePartSpec>): { form: FormData; shown: Record<string, unknown> } {
  const form = new FormData();
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      form.append(name, value);
      shown[name] = value;
      continue;
    }
    let part;
    try {
      part = filePart(value);
    } catch (err) {
      throw new StepError(`el archivo del campo ${name} no se puede leer: ${fileProblem(err, 'read')}`);
    }
    form.append(name, part.blob, part.filename);
    shown[name] = part.shown;
  }
  return { form, shown };
}
