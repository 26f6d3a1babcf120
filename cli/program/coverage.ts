import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

export const declareCoverage = (program: Command) =>
  declareCommands(program, () => import('../commands/coverage.ts'), {
    coverage: {
      does: 'qué transiciones de estado del §3 de la especificación ocurrieron, cuántas veces y cuáles nunca (docs/coverage.md)',
      run: 'showCoverage',
      options: { '--tenant <tenantId>': 'solo el mundo de este tenant' },
      json: 'imprime un documento JSON: {covered, total, transitions}',
    },
  });
