import type { Command } from 'commander';
import { declareCommands } from './declare.ts';

export const declareCoverage = (program: Command) =>
  declareCommands(program, () => import('../commands/coverage.ts'), {
    coverage: {
      does: 'which state transitions of spec §3 happened, with counts and the ones never seen (docs/coverage.md)',
      run: 'showCoverage',
      options: { '--tenant <tenantId>': "only this tenant's world" },
      json: 'print one JSON document: {covered, total, transitions}',
    },
  });
