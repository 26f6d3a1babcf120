import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

export const declareOpenApi = (program: Command) =>
  declareCommands(program, () => import('../commands/openapi.ts'), {
    openapi: {
      does: 'escribe el documento OpenAPI 3.1 de la API (el mismo que sirve GET /v1/openapi.json)',
      run: 'writeOpenApi',
      options: { '--out <file>': 'archivo a escribir; sin él, el documento sale por stdout' },
      json: 'imprime un documento JSON que describe lo escrito',
    },
  });
