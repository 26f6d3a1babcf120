import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/openapi.ts'));

export function declareOpenApi(program: Command): void {
  program
    .command('openapi')
    .description('write the OpenAPI 3.1 document of the API (the same one GET /v1/openapi.json serves)')
    .option('--out <file>', 'file to write; without it the document goes to stdout')
    .option('--json', 'print one JSON document describing what was written')
    .action(run('writeOpenApi'));
}
