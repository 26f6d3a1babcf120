import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { buildOpenApiDocument } from '../../server/openapi/document.ts';
import { action, CliError, print, type OutputOptions } from '../output.ts';

/** Integrators generate clients from this file; it is built from the code, no server needed. */
export function registerOpenApi(program: Command): void {
  program
    .command('openapi')
    .description('write the OpenAPI 3.1 document of the API (the same one GET /v1/openapi.json serves)')
    .option('--out <file>', 'file to write; without it the document goes to stdout')
    .option('--json', 'print one JSON document describing what was written')
    .action(
      action((opts: OutputOptions & { out?: string }) => {
        const doc = buildOpenApiDocument();
        const text = `${JSON.stringify(doc, null, 2)}\n`;
        if (!opts.out) return void process.stdout.write(text);
        const out = resolve(opts.out);
        try {
          writeFileSync(out, text);
        } catch (err) {
          throw new CliError(`no se pudo escribir ${out}: ${(err as Error).message}`);
        }
        const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).length, 0);
        print(opts, { out, version: doc.info.version, operations }, `Documento OpenAPI ${doc.info.version} (${operations} operaciones) escrito en ${out}`);
      }),
    );
}
