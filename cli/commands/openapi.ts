import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '../../server/openapi/document.ts';
import { CliError, print, type OutputOptions } from '../output.ts';
import { fileProblem } from '../lib/file-errors.ts';

/** Integrators generate clients from this file; it is built from the code, no server needed. */
export function writeOpenApi(opts: OutputOptions & { out?: string }): void {
  const doc = buildOpenApiDocument();
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  if (!opts.out) return void process.stdout.write(text);
  const out = resolve(opts.out);
  try {
    writeFileSync(out, text);
  } catch (err) {
    throw new CliError(`no se pudo escribir ${out}: ${fileProblem(err, 'write')}`);
  }
  const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).length, 0);
  print(opts, { out, version: doc.info.version, operations }, `Documento OpenAPI ${doc.info.version} (${operations} operaciones) escrito en ${out}`);
}
