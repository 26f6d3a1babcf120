import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

export const declareOpenApi = (program: Command) =>
  declareCommands(program, () => import('../commands/openapi.ts'), {
    openapi: {
      does: 'write the OpenAPI 3.1 document of the API (the same one GET /v1/openapi.json serves)',
      run: 'writeOpenApi',
      options: { '--out <file>': 'file to write; without it the document goes to stdout' },
      json: 'print one JSON document describing what was written',
    },
  });
